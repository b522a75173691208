// Who is on the other end of a request. Behind a reverse proxy every connection comes from the
// proxy, so its X-Forwarded-For names the client; but anyone can send that header, so it is
// believed only from the proxies TRUSTED_PROXIES lists (otherwise one attacker's
// failures throttle every user behind the proxy, or forged headers dodge the throttle).
import { BlockList, isIP } from 'node:net'
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import { ConfigIssue } from '../config/env.ts'

export type TrustedProxies = BlockList

/** Parses `10.0.0.1, 10.1.0.0/16, ::1`; throws a ConfigIssue naming the bad entry. */
export function parseTrustedProxies(list: string | undefined): TrustedProxies {
  const trusted = new BlockList()
  for (const entry of (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address)
    const bits = prefix === undefined ? undefined : Number(prefix)
    if (
      family === 0 ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128)))
    ) {
      throw new ConfigIssue('TRUSTED_PROXIES', `"${entry}" is not an IP address or CIDR range`)
    }
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) trusted.addAddress(address, type)
    else trusted.addSubnet(address, bits, type)
  }
  return trusted
}

/** An IPv4 address reached over IPv6 (::ffff:10.0.0.1) is the IPv4 address. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}

/** Whether a connection's peer is one of the trusted proxies. */
export function isTrusted(trusted: TrustedProxies, peer: string): boolean {
  const address = plain(peer)
  const family = isIP(address)
  return family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address: the connection's peer, or, when the peer is a trusted proxy, the
 * nearest X-Forwarded-For entry that is not one (each proxy appends the address it saw).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  let address = plain(peer ?? 'unknown')
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter(Boolean)
  while (isTrusted(trusted, address) && hops.length > 0) address = hops.pop()!
  return address
}

/** The client's address of a Hono request on @hono/node-server (its socket's peer and header). */
export function requestAddress(c: Context, trusted: TrustedProxies): string {
  const peer = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress
  return clientAddress(peer, c.req.header('x-forwarded-for'), trusted)
}
