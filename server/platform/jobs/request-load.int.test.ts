// The request-load signal on a real HTTP server: busy while a request is being answered, quiet
// once its answer is sent or its client has gone.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { trackRequestLoad } from './request-load.ts'

it('says busy while a request is answered, and quiet once it is answered or abandoned', async () => {
  const held: http.ServerResponse[] = []
  const server = http.createServer((_request, response) => void held.push(response))
  const load = trackRequestLoad(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  try {
    expect(load.busy()).toBe(false)
    const answered = fetch(url)
    await expect.poll(() => held.length).toBe(1)
    expect(load.busy()).toBe(true)
    held[0]?.end('done')
    await (await answered).text()
    await expect.poll(() => load.busy()).toBe(false)

    const gone = new AbortController()
    const abandoned = fetch(url, { signal: gone.signal }).catch(() => undefined)
    await expect.poll(() => held.length).toBe(2)
    expect(load.busy()).toBe(true)
    gone.abort()
    await abandoned
    await expect.poll(() => load.busy()).toBe(false)
  } finally {
    for (const response of held) response.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})
