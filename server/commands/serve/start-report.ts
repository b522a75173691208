// What the server says once it listens: where it is, where its data is, whether thumbnails are
// rendered, what to set before a phone can scan a preview, and last, until someone has signed in,
// how the first admin signs in (the last line before the request log, said again at each start).

import { PRODUCT } from '../../../shared/constants.ts'
import type { FirstSignIn } from '../../identity/provider/first-admin.ts'
import type { Config } from '../../parse-config.ts'
import { BUILD } from '../../platform/build-info.ts'
import { logger } from '../../platform/log/logger.ts'
import { findChromium } from '../../platform/renderer/chromium.ts'

/** What the report needs of the started product. */
export interface StartedProduct {
  url: string
  thumbnails: boolean
  firstUser?: FirstSignIn | undefined
}

export function reportStart(config: Config, server: StartedProduct, usersCommand: string): void {
  logger.info(
    { url: server.url, version: BUILD.version, runtime: BUILD.runtime, node: BUILD.node },
    `${PRODUCT} ${BUILD.version} is running at ${server.url}`,
  )
  logger.info({ dataDir: config.dataDir }, `Data is kept in ${config.dataDir}`)
  if (config.auth.embedded) logger.info(`Manage users with \`${usersCommand} list|add|remove|passwd\``)
  const chromium = server.thumbnails ? findChromium(config.thumbnails.chromiumPath) : undefined
  if (chromium) logger.info({ chromium }, `Thumbnails: rendered in ${chromium}`)
  else
    logger.info(
      "Thumbnails: no Chromium found (install it or set CHROMIUM_PATH): the list shows each package's largest image, else an ad-size tile",
    )
  if (new URL(config.publicUrl).hostname === 'localhost')
    logger.info('Preview QR codes point at localhost: set PUBLIC_URL to an address a phone can reach')
  if (server.firstUser)
    logger.info({ email: server.firstUser.email }, howToSignIn(server.firstUser, usersCommand))
}

function howToSignIn(first: FirstSignIn, usersCommand: string): string {
  const { email, generatedPassword, fromAdminPassword } = first
  if (fromAdminPassword) return `Sign in as ${email} with the password from ADMIN_PASSWORD`
  if (generatedPassword)
    return `Sign in as ${email} with the password ${generatedPassword} (said at each start until the first sign-in; change it with \`${usersCommand} passwd ${email}\`)`
  return `Sign in as ${email}: set its password with \`${usersCommand} passwd ${email}\``
}
