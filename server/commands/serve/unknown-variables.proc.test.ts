// A misspelled or unknown variable of ours is named at start: the real command line
// started with three mistakes (the matching itself: unknown-variables.test.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { startProductProcess } from '../../../tests/helpers/product-process.ts'

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
  // 21 s measured (the process imports the server) beside the integration tier under a load
  // average of 30 on 2 cores; budget 60 s.
}, 60_000)
