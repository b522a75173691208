// The settings every area builds on: where the product listens, the absolute address it hands
// out, and where its data lives.
import path from 'node:path'
import { z } from 'zod'
import { BASE_PATH } from '../../../shared/constants.ts'
import { PROJECT_ROOT } from '../project-root.ts'
import { env } from './env.ts'

/**
 * PUBLIC_URL is an origin: every link, QR code and the issuer are built as origin + /ads-preview,
 * so a path, a query or credentials in it would half-work; another scheme would not work at all.
 */
function publicOrigin(context: z.core.ParsePayload<string | undefined>): void {
  // A value that is no URL at all is refused by env.optionalUrl() already.
  if (context.value === undefined || !URL.canParse(context.value)) return
  const url = new URL(context.value)
  const problem =
    url.protocol !== 'http:' && url.protocol !== 'https:'
      ? `expected an http:// or https:// address, such as https://${url.host || 'ads.example.com'}`
      : url.pathname !== '/' || url.search || url.hash
        ? `expected an origin without a path, query or fragment (the product adds ${BASE_PATH} itself), such as ${url.origin}`
        : url.username || url.password
          ? `expected no user name or password in it, such as ${url.origin}`
          : undefined
  if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value })
}

export const coreVariables = z.object({
  PORT: env.port(3000),
  HOST: env.optionalString(),
  PUBLIC_URL: env.optionalUrl().check(publicOrigin),
  DATA_DIR: env.stringWithDefault('./data'),
  PRODUCT_NAME: env.stringWithDefault('', 60),
  /** The built client; tests point it at their own build. */
  CLIENT_DIR: env.optionalString(),
})

export interface CoreConfig {
  port: number
  host: string | undefined
  /** Absolute origin (no trailing slash, no base path) used for every absolute URL we hand out. */
  publicUrl: string
  /** publicUrl + BASE_PATH */
  appUrl: string
  dataDir: string
  productName: string
  clientDir: string
}

export function readCore(e: z.output<typeof coreVariables>): CoreConfig {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    appUrl: `${publicUrl}${BASE_PATH}`,
    dataDir: path.resolve(e.DATA_DIR),
    productName: e.PRODUCT_NAME,
    clientDir: path.resolve(e.CLIENT_DIR ?? path.join(PROJECT_ROOT, 'dist', 'client')),
  }
}
