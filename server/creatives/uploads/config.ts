// Limits and policy of the upload path.
import { DEFAULT_MAX_PACKAGE_BYTES } from '../../../shared/constants.ts'
import { isRefusableWarning, REFUSABLE_WARNINGS } from '../../../shared/inspector/refusal.ts'
import { defineConfigArea } from '../../platform/config/config-area.ts'
import { ConfigIssue, env } from '../../platform/config/env.ts'
import { splitTargetIds } from '../targets/config.ts'

export const uploadsConfig = defineConfigArea(
  {
    MAX_PACKAGE_BYTES: env.intWithDefault(DEFAULT_MAX_PACKAGE_BYTES, 1, Number.MAX_SAFE_INTEGER),
    SIGNED_URL_TTL_SECONDS: env.intWithDefault(15 * 60, 10, 24 * 60 * 60),
    REQUIRE_MRAID: env.flag(true),
    REFUSE_WARNINGS: env.stringWithDefault('', 2000),
    MAX_PENDING_UPLOADS: env.intWithDefault(20, 1, 10_000),
    VALIDATION_SECONDS: env.intWithDefault(30, 1, 3600),
    VALIDATION_HEAP_MB: env.intWithDefault(512, 32, 16_384),
  },
  (e) => {
    const refuseWarnings = splitTargetIds(e.REFUSE_WARNINGS)
    const unknown = refuseWarnings.filter((rule) => !isRefusableWarning(rule))
    if (unknown.length > 0) {
      throw new ConfigIssue(
        'REFUSE_WARNINGS',
        `unknown warning ${unknown.join(', ')}; known: ${REFUSABLE_WARNINGS.join(', ')}`,
      )
    }
    return {
      maxPackageBytes: e.MAX_PACKAGE_BYTES,
      /** How long an upload URL stays valid. */
      signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
      /** The deployment's policy: a caller can ask for MRAID to be required, never for it not to be. */
      requireMraid: e.REQUIRE_MRAID,
      /** Warning rules that refuse a package here; by default none do, so every safe package previews. */
      refuseWarnings,
      /** Unfinished uploads one user may have open at once. */
      maxPendingUploads: e.MAX_PENDING_UPLOADS,
      /** What validating one package may cost (its own process): past either it is refused. */
      validationLimits: { timeMs: e.VALIDATION_SECONDS * 1000, heapMb: e.VALIDATION_HEAP_MB },
    }
  },
)
