// Where the browser that renders thumbnails is, and how long one render may take.
import { defineConfigArea } from '../../platform/config/config-area.ts'
import { env } from '../../platform/config/env.ts'
import { RENDER_BUDGET_MS } from '../../platform/renderer/sandbox.ts'

/**
 * A render's time budget is below the thumbnail job's own (thumbnail-job.ts, 60 s) so the render
 * stops itself, and above the second the creative is given to settle after loading.
 */
export const MAX_RENDER_SECONDS = 40

export const thumbnailsConfig = defineConfigArea(
  {
    CHROMIUM_PATH: env.optionalString(),
    RENDER_SECONDS: env.intWithDefault(RENDER_BUDGET_MS / 1000, 2, MAX_RENDER_SECONDS),
  },
  (e) => ({
    /** Chromium for thumbnails; unset: the usual install paths are tried. */
    chromiumPath: e.CHROMIUM_PATH,
    /** How long one thumbnail's render may take (ms) before its renderer is closed. */
    renderBudgetMs: e.RENDER_SECONDS * 1000,
  }),
)
