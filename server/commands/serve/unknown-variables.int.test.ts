// A misspelled or unknown variable of ours is named at start (issue #21): unit cases for the
// matching, then the real command line started with three mistakes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startProductProcess } from '../../../tests/helpers/product-process.ts'
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

it('the started product warns about each at start', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-unknown-'))
  const product = await startProductProcess({
    env: {
      DATA_DIR: dataDir,
      LOG_FORMAT: 'text',
      PUBLIC_ULR: 'http://ads.intranet',
      AUTH_ISSUR: 'https://x',
      S3_STORAGE_CLASS: 'b',
    },
  })
  try {
    const output = product.output()
    expect(output.split('\n').filter((line) => line.includes('is not a variable'))).toHaveLength(3)
    expect(output).toContain(
      'PUBLIC_ULR is not a variable Ads Preview reads (did you mean PUBLIC_URL?): it is ignored',
    )
    expect(output).toContain('AUTH_ISSUR is not a variable Ads Preview reads (did you mean AUTH_ISSUER?)')
    expect(output).toContain('S3_STORAGE_CLASS is not a variable Ads Preview reads: it is ignored')
  } finally {
    await product.stop()
    product.killAll()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}, 60_000)
