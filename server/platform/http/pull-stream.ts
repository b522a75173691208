// Answer bodies produced only as fast as the client reads them (so the memory a request
// holds is bounded by a constant, whatever the body's size). @hono/node-server waits for the socket's 'drain' before it reads the
// next chunk; with a high-water mark of 0 nothing is read ahead of that.
import { EventEmitter } from 'node:events'
import { countStreamed } from './streamed-garbage.ts'

/**
 * A web stream of `source` that pulls only when the reader reads, and runs `cleanup` exactly
 * once: at the end, on an error, or when the reader cancels (even before the first read).
 */
export function pullStream(
  source: AsyncIterable<Uint8Array>,
  cleanup: () => void = () => {},
): ReadableStream<Uint8Array> {
  // A file stream cancelled before it opened still reports its open's failure (the file deleted
  // meanwhile), after the iterator has stopped listening: unheard, that error ended the process.
  // Errors while reading still reach the reader through the iterator.
  if (source instanceof EventEmitter) source.on('error', () => {})
  const chunks = source[Symbol.asyncIterator]()
  let cleaned = false
  const finish = () => {
    if (cleaned) return
    cleaned = true
    cleanup()
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next()
          if (next.done) {
            finish()
            controller.close()
          } else {
            controller.enqueue(next.value)
            countStreamed(next.value.length)
          }
        } catch (error) {
          finish()
          controller.error(error)
        }
      },
      async cancel() {
        finish()
        await chunks.return?.(undefined)
      },
    },
    { highWaterMark: 0 },
  )
}
