import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../parse-config.ts'
import { clientAddress, parseTrustedProxies } from './client-address.ts'

describe('clientAddress', () => {
  const proxies = parseTrustedProxies('10.0.0.1, 10.8.0.0/16, ::1')

  it('is the peer when the peer is no trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7')
    expect(clientAddress('::ffff:203.0.113.7', undefined, parseTrustedProxies(undefined))).toBe('203.0.113.7')
  })

  it('is the nearest forwarded hop that is no trusted proxy', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1')
    expect(clientAddress('::ffff:10.0.0.1', 'forged, 198.51.100.1, 10.8.3.4', proxies)).toBe('198.51.100.1')
    expect(clientAddress('::1', '198.51.100.1', proxies)).toBe('198.51.100.1')
    // A trusted proxy that forwards nothing is the client itself.
    expect(clientAddress('10.0.0.1', undefined, proxies)).toBe('10.0.0.1')
  })

  it('TRUSTED_PROXIES takes addresses and CIDR ranges, and names a bad entry', () => {
    expect(
      parseConfig({ TRUSTED_PROXIES: '10.0.0.0/8,fd00::/8' }).http.trustedProxies.check('10.1.2.3'),
    ).toBe(true)
    expect(() => parseConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      /TRUSTED_PROXIES=10.0.0.0\/33: "10.0.0.0\/33" is not/,
    )
    expect(() => parseConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/)
  })
})
