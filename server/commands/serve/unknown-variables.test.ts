// A misspelled or unknown variable of ours is named at start: the matching here, the
// real command line started with three mistakes in unknown-variables.proc.test.ts.
import { describe, expect, it } from 'vitest'
import { configVariableNames } from '../../parse-config.ts'
import { unknownVariables } from './unknown-variables.ts'

const KNOWN = configVariableNames()

describe('unknownVariables', () => {
  it('names near misses with the variable meant, and unknown AUTH_* / S3_* names', () => {
    expect(
      unknownVariables(
        {
          PUBLIC_ULR: 'x',
          DATADIR: 'x',
          port: '1',
          AUTH_ISSUR: 'x',
          CHROMIUM_PAHT: 'x',
          AUTH_TENANT: 'x',
          S3_STORAGE_CLASS: 'x',
          HSOT: 'x',
        },
        KNOWN,
      ),
    ).toEqual([
      { name: 'AUTH_ISSUR', meant: 'AUTH_ISSUER' },
      { name: 'AUTH_TENANT' },
      { name: 'CHROMIUM_PAHT', meant: 'CHROMIUM_PATH' },
      { name: 'DATADIR', meant: 'DATA_DIR' },
      { name: 'HSOT', meant: 'HOST' },
      { name: 'PUBLIC_ULR', meant: 'PUBLIC_URL' },
      { name: 'S3_STORAGE_CLASS' },
      { name: 'port', meant: 'PORT' },
    ])
  })

  it('leaves known names and the usual environment alone', () => {
    const usual = ['HOME', 'HOSTNAME', 'PATH', 'USER', 'LOGNAME', 'TMPDIR', 'PWD', 'TERM', 'LANG', 'NODE_ENV']
    const environment = Object.fromEntries([...KNOWN, ...usual].map((name) => [name, 'x']))
    expect(unknownVariables(environment, KNOWN)).toEqual([])
    expect(unknownVariables(process.env, KNOWN).filter((v) => !v.name.startsWith('npm_'))).toEqual([])
  })
})
