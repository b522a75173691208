// The packages and what leads to them or outlives them: upload sessions and retained versions.
import type { TableKit } from '../sqlite/kit.ts'

export function packageTables(k: TableKit) {
  /** A package is a validated, created upload. Its zip lives in the blob store under `blobKey`. */
  const packages = k.table(
    'packages',
    {
      id: k.id('id'),
      uuid: k.text('uuid').notNull().unique(),
      filename: k.text('filename').notNull(),
      filenameVersion: k.int('filename_version').notNull(),
      fileSize: k.long('file_size').notNull(),
      sha256: k.text('sha256').notNull(),
      blobKey: k.text('blob_key').notNull(),
      /** Path of the entry HTML inside the zip (index.html, or inside a single wrapper folder). */
      entry: k.text('entry').notNull(),
      adWidth: k.int('ad_width'),
      adHeight: k.int('ad_height'),
      /** The inspection report as JSON (shared/inspector). */
      inspection: k.json('inspection'),
      /** The runtime audit of delivery targets as JSON (shared/targets AuditRecord); null: none. */
      audit: k.json('audit'),
      /** Its verdict per delivery target, for the list's filter (server/creatives/targets/stored-verdicts.ts). */
      targetVerdicts: k.text('target_verdicts'),
      /** The creative's kind as a user corrected it (shared/inspector/creative-kind.ts); null: the inferred one. */
      kind: k.text('kind'),
      thumbnailKey: k.text('thumbnail_key'),
      uploadedBy: k.text('uploaded_by'),
      createdAt: k.long('created_at').notNull(),
    },
    (t) => [
      k.uniqueIndex('packages_filename_version_unique').on(t.filename, t.filenameVersion),
      k.index('packages_created_at_idx').on(t.createdAt),
      k.index('packages_file_size_idx').on(t.fileSize),
    ],
  )

  /**
   * An upload session: one signed PUT URL (its body lands under `blobKey`), then validation
   * (which pins the bytes under the package's key and records their size and sha256), then
   * create. It keeps the policy chosen with the URL, so create applies it without asking again.
   */
  const uploads = k.table(
    'uploads',
    {
      uuid: k.text('uuid').primaryKey(),
      filename: k.text('filename').notNull(),
      policy: k.oneOf('policy', ['none', 'keep', 'overwrite']).notNull(),
      state: k.oneOf('state', ['pending', 'validated', 'created']).notNull(),
      blobKey: k.text('blob_key').notNull(),
      fileSize: k.long('file_size'),
      sha256: k.text('sha256'),
      inspection: k.json('inspection'),
      createdBy: k.text('created_by'),
      createdAt: k.long('created_at').notNull(),
      expiresAt: k.long('expires_at').notNull(),
    },
    (t) => [k.index('uploads_expires_at_idx').on(t.expiresAt)],
  )

  /**
   * Package versions whose record has left `packages` while their files are kept for a while
   * (server/creatives/retention/): a deleted package until its Undo runs out, a replaced version for an
   * admin's undo. `record` is the package row as it was; a purge job removes this row and the
   * files at `purgeAt`, so a restart loses no deadline.
   */
  const retainedPackages = k.table(
    'retained_packages',
    {
      uuid: k.text('uuid').primaryKey(),
      packageId: k.int('package_id').notNull(),
      reason: k.oneOf('reason', ['deleted', 'replaced']).notNull(),
      record: k.json('record').notNull(),
      retainedBy: k.text('retained_by'),
      retainedAt: k.long('retained_at').notNull(),
      purgeAt: k.long('purge_at').notNull(),
    },
    (t) => [k.index('retained_packages_package_id_idx').on(t.packageId)],
  )

  return { packages, uploads, retainedPackages }
}
