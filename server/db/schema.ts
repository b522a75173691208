// The database schema. drizzle-kit generates migrations/ from this file (`npm run db:generate`);
// they are committed and applied at boot. Timestamps are milliseconds since the epoch.
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

/** A package is a validated, created upload. Its zip lives in the blob store under `blobKey`. */
export const packages = sqliteTable(
  'packages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    uuid: text('uuid').notNull().unique(),
    filename: text('filename').notNull(),
    filenameVersion: integer('filename_version').notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull(),
    /** Path of the entry HTML inside the zip (index.html, or inside a single wrapper folder). */
    entry: text('entry').notNull(),
    adWidth: integer('ad_width'),
    adHeight: integer('ad_height'),
    /** The inspection report as JSON (shared/inspector). */
    inspection: text('inspection', { mode: 'json' }),
    thumbnailKey: text('thumbnail_key'),
    uploadedBy: text('uploaded_by'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('packages_filename_version_unique').on(t.filename, t.filenameVersion),
    index('packages_created_at_idx').on(t.createdAt),
  ],
)

/**
 * An upload session: one signed PUT URL, then validation, then create. It keeps the policy
 * chosen when the URL was asked for, so create can apply it without trusting the client twice.
 */
export const uploads = sqliteTable(
  'uploads',
  {
    uuid: text('uuid').primaryKey(),
    filename: text('filename').notNull(),
    policy: text('policy', { enum: ['none', 'keep', 'overwrite'] }).notNull(),
    state: text('state', { enum: ['pending', 'received', 'validated', 'created'] }).notNull(),
    blobKey: text('blob_key').notNull(),
    fileSize: integer('file_size'),
    sha256: text('sha256'),
    inspection: text('inspection', { mode: 'json' }),
    createdBy: text('created_by'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('uploads_expires_at_idx').on(t.expiresAt)],
)

/** Users of the embedded identity provider (scrypt hashes; never plain passwords). */
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name'),
  passwordHash: text('password_hash').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
})

/** oidc-provider's adapter storage: sessions, grants, interactions... one row per model instance. */
export const oidcModels = sqliteTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: text('payload', { mode: 'json' }).notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: integer('expires_at'),
    consumedAt: integer('consumed_at'),
  },
  (t) => [
    uniqueIndex('oidc_models_pk').on(t.model, t.id),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
)

/** Failed sign-in attempts, for throttling (by email and by client address). */
export const loginAttempts = sqliteTable(
  'login_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: integer('at').notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
)
