// Where the browser that renders thumbnails is.

import { defineConfigArea } from '../../platform/config/config-area.ts'
import { env } from '../../platform/config/env.ts'

export const thumbnailsConfig = defineConfigArea({ CHROMIUM_PATH: env.optionalString() }, (e) => ({
  /** Chromium for thumbnails; unset: the usual install paths are tried. */
  chromiumPath: e.CHROMIUM_PATH,
}))
