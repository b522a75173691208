import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { explainListenError } from './listen-errors.ts'

const servers: net.Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** The error a real listen gives. */
function listenError(port: number, host: string): Promise<unknown> {
  const server = net.createServer()
  servers.push(server)
  return new Promise((resolve) => {
    server.once('error', resolve)
    server.listen(port, host, () => resolve(undefined))
  })
}

describe('explainListenError', () => {
  it('a port in use: one line naming PORT', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1')
    servers.push(taken)
    await new Promise((resolve) => taken.once('listening', resolve))
    const port = (taken.address() as net.AddressInfo).port
    const message = explainListenError(await listenError(port, '127.0.0.1'), { port, host: undefined })
    expect(message).toMatch(new RegExp(`^PORT ${port} is already in use: .*set PORT`))
  })

  it('a HOST that is not an address of this machine: one line naming HOST', async () => {
    // 203.0.113.0/24 is reserved for documentation: no machine has it.
    const error = await listenError(0, '203.0.113.7')
    expect(explainListenError(error, { port: 0, host: '203.0.113.7' })).toMatch(
      /^HOST 203\.0\.113\.7 is not an address of this machine/,
    )
  })

  it('a HOST name that resolves to nothing: one line naming HOST', async () => {
    const error = await listenError(0, 'no-such-host.invalid')
    expect(explainListenError(error, { port: 0, host: 'no-such-host.invalid' })).toMatch(
      /^HOST no-such-host\.invalid cannot be resolved/,
    )
  })

  it('anything else keeps its own message', () => {
    expect(explainListenError(new Error('other'), { port: 1, host: undefined })).toBeUndefined()
  })
})
