import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { MRAID_HOST_ASSET } from '../../../shared/mraid/host-protocol.ts'
import { readMraidHost } from './mraid-host-file.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

it('reads the bundled host from the built client folder, and nothing when the client is not built', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-client-'))
  dirs.push(dir)
  expect(readMraidHost(dir)).toBeUndefined()
  fs.writeFileSync(path.join(dir, MRAID_HOST_ASSET), '/* host */')
  expect(readMraidHost(dir)).toBe('/* host */')
})
