// What an upgrade fixture recorded when its release wrote it (tests/upgrade/make-fixture.ts).
import type { Package } from '../../shared/api.ts'

/** The listing's fields that must come through an upgrade unchanged (URLs depend on the origin). */
const KEPT_FIELDS = [
  'id',
  'uuid',
  'filename',
  'filename_version',
  'file_size',
  'sha256',
  'ad_size',
  'uploaded_by',
  'created_at',
] as const
export type KeptPackageFields = Pick<Package, (typeof KEPT_FIELDS)[number]>

export function keptFields(row: Package): KeptPackageFields {
  return Object.fromEntries(KEPT_FIELDS.map((field) => [field, row[field]])) as KeptPackageFields
}

export interface UpgradeManifest {
  release: string
  commit: string
  /** Migrations applied when the fixture was written. */
  migrations: number
  users: { email: string; password: string }[]
  /** The embedded provider's signing key ids: tokens it issued stay verifiable. */
  signingKeyIds: string[]
  /** Packages deleted before the fixture was written: they stay gone. */
  deleted: string[]
  packages: {
    listed: KeptPackageFields
    /** index_url's path (the origin depends on where it runs). */
    previewPath: string
    previewSha256: string
    thumbnailSha256: string
  }[]
}
