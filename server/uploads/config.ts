// Limits of the upload path.
import { DEFAULT_MAX_PACKAGE_BYTES } from '../../shared/constants.ts'
import { defineConfigArea, env } from '../config/env.ts'

export const uploadsConfig = defineConfigArea(
  {
    MAX_PACKAGE_BYTES: env.intWithDefault(DEFAULT_MAX_PACKAGE_BYTES, 1, Number.MAX_SAFE_INTEGER),
    SIGNED_URL_TTL_SECONDS: env.intWithDefault(15 * 60, 10, 24 * 60 * 60),
  },
  (e) => ({
    maxPackageBytes: e.MAX_PACKAGE_BYTES,
    /** How long an upload URL stays valid. */
    signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
  }),
)
