import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { pullStream } from './pull-stream.ts'

it('a file gone before its stream opened, cancelled unread, fails nothing (no unheard error)', async () => {
  const file = path.join(os.tmpdir(), `pull-stream-gone-${process.pid}.zip`)
  const source = fs.createReadStream(file)
  let cleaned = 0
  await pullStream(source, () => cleaned++).cancel()
  await new Promise<void>((closed) => source.once('close', () => closed()))
  expect(cleaned).toBe(1)
})

it('a file that cannot be read fails the reader', async () => {
  const reader = pullStream(
    fs.createReadStream(path.join(os.tmpdir(), `pull-stream-none-${process.pid}`)),
  ).getReader()
  await expect(reader.read()).rejects.toMatchObject({ code: 'ENOENT' })
})
