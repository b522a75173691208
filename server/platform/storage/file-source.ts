// A file on disk as a ByteSource: the zip reader asks for ranges, so a package is inspected
// without being read whole (the blob store and the `check` command both open files this way).
import fsp from 'node:fs/promises'
import type { ByteSource } from '../../../shared/zip/byte-source.ts'

export interface ClosableByteSource extends ByteSource {
  close(): Promise<void>
}

export async function openFileSource(file: string): Promise<ClosableByteSource> {
  const handle = await fsp.open(file, 'r')
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw Object.assign(new Error(`${file} is not a file`), { code: 'EISDIR' })
    const size = stat.size
    return {
      size,
      async read(offset, length) {
        const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)))
        let done = 0
        while (done < buffer.length) {
          const { bytesRead } = await handle.read(buffer, done, buffer.length - done, offset + done)
          if (bytesRead === 0) break
          done += bytesRead
        }
        return done === buffer.length ? buffer : buffer.subarray(0, done)
      },
      close: () => handle.close(),
    }
  } catch (error) {
    await handle.close()
    throw error
  }
}
