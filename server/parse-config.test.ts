import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './parse-config.ts'

describe('parseConfig', () => {
  it('works with no configuration at all: the embedded provider on localhost:3000', () => {
    const config = parseConfig({})
    expect(config.appUrl).toBe('http://localhost:3000/ads-preview')
    expect(config.auth).toMatchObject({
      embedded: true,
      issuer: 'http://localhost:3000/ads-preview/oidc',
      redirectUrl: 'http://localhost:3000/ads-preview/validate-token',
      logoutUrl: 'http://localhost:3000/ads-preview/login',
      flow: 'implicit',
      leewaySeconds: 60,
    })
    expect(config.uploads.maxPackageBytes).toBe(100 * 1024 * 1024)
  })

  it('names every bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', AUTH_LEEWAY: '301', PUBLIC_URL: 'not a url' })).toThrow(
      ConfigError,
    )
    try {
      parseConfig({ PORT: 'eighty', AUTH_LEEWAY: '301', PUBLIC_URL: 'not a url' })
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/)
      expect((error as Error).message).toMatch(/AUTH_LEEWAY/)
      expect((error as Error).message).toMatch(/PUBLIC_URL/)
    }
  })

  it('takes an Auth0-style domain as the issuer and requires a client id for it', () => {
    expect(() => parseConfig({ AUTH_DOMAIN: 'tenant.eu.auth0.com' })).toThrow(/AUTH_CLIENT_ID/)
    const config = parseConfig({
      AUTH_DOMAIN: 'tenant.eu.auth0.com',
      AUTH_CLIENT_ID: 'abc',
      AUTH_AUDIENCE: 'https://api',
    })
    expect(config.auth).toMatchObject({
      embedded: false,
      issuer: 'https://tenant.eu.auth0.com/',
      clientId: 'abc',
      audience: 'https://api',
    })
  })
})
