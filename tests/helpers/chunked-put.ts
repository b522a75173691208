import http from 'node:http'

/**
 * PUTs `total` bytes in 1 MiB chunks with back-pressure; with `abortAfter`, destroys the socket
 * once that many bytes are out (a client that dies mid-upload). Answers the status (0 when
 * aborted) and the seconds it took.
 */
export function chunkedPut(
  url: string | URL,
  total: number,
  options: { abortAfter?: number } = {},
): Promise<{ status: number; seconds: number }> {
  const started = performance.now()
  const done = (status: number) => ({ status, seconds: (performance.now() - started) / 1000 })
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/zip', 'Content-Length': String(total) },
    })
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(done(response.statusCode ?? 0)))
    })
    request.on('error', (error) => (options.abortAfter === undefined ? reject(error) : resolve(done(0))))
    const chunk = Buffer.alloc(1024 * 1024, 7)
    let sent = 0
    const pump = () => {
      while (sent < total) {
        if (options.abortAfter !== undefined && sent >= options.abortAfter) {
          request.destroy()
          return
        }
        const part = Math.min(chunk.length, total - sent)
        sent += part
        if (!request.write(part === chunk.length ? chunk : chunk.subarray(0, part))) {
          request.once('drain', pump)
          return
        }
      }
      request.end()
    }
    pump()
  })
}
