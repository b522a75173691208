// Configuration from environment variables, parsed once at startup (ARCHITECTURE.md
// "Configuration"). Nothing else reads process.env: the parsed Config is passed in.
import path from 'node:path'
import { z } from 'zod'
import {
  AUTH_LEEWAY_DEFAULT_SECONDS,
  AUTH_LEEWAY_MAX_SECONDS,
  BASE_PATH,
  DEFAULT_MAX_PACKAGE_BYTES,
} from '../shared/constants.ts'
import { PROJECT_ROOT } from './project-root.ts'

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional())
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional())
const intWithDefault = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(fallback))

const envSchema = z.object({
  PORT: intWithDefault(3000, 0, 65535),
  HOST: optionalString,
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  PRODUCT_NAME: z.preprocess(emptyAsUndefined, z.string().max(60).default('')),
  MAX_PACKAGE_BYTES: intWithDefault(DEFAULT_MAX_PACKAGE_BYTES, 1, Number.MAX_SAFE_INTEGER),
  SIGNED_URL_TTL_SECONDS: intWithDefault(15 * 60, 10, 24 * 60 * 60),
  IDLE_TIMEOUT_SECONDS: intWithDefault(60, 1, 3600),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  AUTH_ISSUER: optionalUrl,
  AUTH_DOMAIN: optionalString,
  AUTH_CLIENT_ID: optionalString,
  AUTH_AUDIENCE: optionalString,
  AUTH_REDIRECT_URL: optionalUrl,
  AUTH_LOGOUT_URL: optionalUrl,
  AUTH_FLOW: z.preprocess(emptyAsUndefined, z.enum(['implicit', 'code']).default('implicit')),
  AUTH_LEEWAY: intWithDefault(AUTH_LEEWAY_DEFAULT_SECONDS, 0, AUTH_LEEWAY_MAX_SECONDS),
  AUTH_ORGANIZATION: optionalString,
  LOG_REQUESTS: z.preprocess(emptyAsUndefined, z.enum(['0', '1']).default('1')),
  /** The built client; tests point it at their own build. */
  CLIENT_DIR: optionalString,
  CHROMIUM_PATH: optionalString,
})

export interface AuthConfig {
  /** True when the embedded oidc-provider is the issuer (no AUTH_ISSUER / AUTH_DOMAIN). */
  embedded: boolean
  issuer: string
  clientId: string
  audience: string
  redirectUrl: string
  logoutUrl: string
  flow: 'implicit' | 'code'
  leewaySeconds: number
  organization: string | undefined
}

export interface Config {
  port: number
  host: string | undefined
  /** Absolute origin (no trailing slash, no base path) used for every absolute URL we hand out. */
  publicUrl: string
  /** publicUrl + BASE_PATH */
  appUrl: string
  dataDir: string
  productName: string
  maxPackageBytes: number
  signedUrlTtlSeconds: number
  /** A connection that sends nothing for this long is closed (a trickling upload, a stuck client). */
  idleTimeoutSeconds: number
  admin: { email: string | undefined; password: string | undefined }
  auth: AuthConfig
  logRequests: boolean
  clientDir: string
  /** Chromium for thumbnails; unset: the usual install paths are tried. */
  chromiumPath: string | undefined
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  const appUrl = `${publicUrl}${BASE_PATH}`
  const externalIssuer =
    e.AUTH_ISSUER ??
    (e.AUTH_DOMAIN ? `https://${e.AUTH_DOMAIN.replace(/^https?:\/\//, '').replace(/\/+$/, '')}/` : undefined)
  if (externalIssuer && !e.AUTH_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_CLIENT_ID: required when AUTH_ISSUER or AUTH_DOMAIN is set',
    )
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    appUrl,
    dataDir: path.resolve(e.DATA_DIR),
    productName: e.PRODUCT_NAME,
    maxPackageBytes: e.MAX_PACKAGE_BYTES,
    signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
    idleTimeoutSeconds: e.IDLE_TIMEOUT_SECONDS,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    auth: {
      embedded: !externalIssuer,
      issuer: externalIssuer ?? `${appUrl}/oidc`,
      clientId: e.AUTH_CLIENT_ID ?? 'ads-preview',
      audience: e.AUTH_AUDIENCE ?? `${appUrl}/api`,
      redirectUrl: e.AUTH_REDIRECT_URL ?? `${appUrl}/validate-token`,
      logoutUrl: e.AUTH_LOGOUT_URL ?? `${appUrl}/login`,
      flow: e.AUTH_FLOW,
      leewaySeconds: e.AUTH_LEEWAY,
      organization: e.AUTH_ORGANIZATION,
    },
    logRequests: e.LOG_REQUESTS === '1',
    clientDir: path.resolve(e.CLIENT_DIR ?? path.join(PROJECT_ROOT, 'dist', 'client')),
    chromiumPath: e.CHROMIUM_PATH,
  }
}
