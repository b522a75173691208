// The database schema, one column list for both databases: `defineTables` is called with the
// SQLite kit (sqlite/schema.ts) and with the PostgreSQL kit (postgres/schema.ts), and drizzle-kit
// generates each dialect's migrations from its file (`npm run db:generate`). Timestamps are
// milliseconds since the epoch. A new table goes here, once, and gets a migration per dialect.
import type { TableKit } from './sqlite/kit.ts'

export function defineTables(k: TableKit) {
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
      /** Its verdict per delivery target, for the list's filter (server/targets/stored-verdicts.ts). */
      targetVerdicts: k.text('target_verdicts'),
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
   * Members of the embedded identity provider (scrypt hashes; never plain passwords). An admin
   * manages the team in the product; access tokens issued before `signedOutBefore` are refused
   * unless they come from `keptSession` (a member who signs out their other sessions, changes or
   * resets a password).
   */
  const users = k.table('users', {
    id: k.text('id').primaryKey(),
    email: k.text('email').notNull().unique(),
    name: k.text('name'),
    passwordHash: k.text('password_hash').notNull(),
    role: k.oneOf('role', ['admin', 'member']).notNull().default('member'),
    lastSignInAt: k.long('last_sign_in_at'),
    signedOutBefore: k.long('signed_out_before'),
    keptSession: k.text('kept_session'),
    createdAt: k.long('created_at').notNull(),
    updatedAt: k.long('updated_at').notNull(),
  })

  /**
   * Single-use links an admin hands out (members/): an invitation to join, or a password reset.
   * Only the secret's sha256 is kept; `usedAt` makes it single-use, `expiresAt` ends it.
   */
  const memberLinks = k.table(
    'member_links',
    {
      id: k.text('id').primaryKey(),
      kind: k.oneOf('kind', ['invite', 'reset']).notNull(),
      email: k.text('email').notNull(),
      role: k.oneOf('role', ['admin', 'member']).notNull().default('member'),
      secretSha256: k.text('secret_sha256').notNull().unique(),
      createdBy: k.text('created_by'),
      createdAt: k.long('created_at').notNull(),
      expiresAt: k.long('expires_at').notNull(),
      usedAt: k.long('used_at'),
    },
    (t) => [k.index('member_links_email_idx').on(t.email)],
  )

  /**
   * The audit trail (audit/): who uploaded, replaced, deleted, invited, removed and changed
   * access, when and from which address. No foreign keys: an entry outlives its package or member.
   */
  const auditEvents = k.table(
    'audit_events',
    {
      id: k.id('id'),
      at: k.long('at').notNull(),
      action: k.text('action').notNull(),
      actor: k.text('actor'),
      actorSub: k.text('actor_sub'),
      address: k.text('address'),
      subjectType: k.oneOf('subject_type', ['package', 'member']).notNull(),
      subjectId: k.text('subject_id').notNull(),
      subjectName: k.text('subject_name'),
      details: k.json('details'),
    },
    (t) => [
      k.index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.at),
      k.index('audit_events_at_idx').on(t.at),
    ],
  )

  /** oidc-provider's adapter storage: sessions, grants, interactions... one row per model instance. */
  const oidcModels = k.table(
    'oidc_models',
    {
      model: k.text('model').notNull(),
      id: k.text('id').notNull(),
      payload: k.json('payload').notNull(),
      grantId: k.text('grant_id'),
      userCode: k.text('user_code'),
      uid: k.text('uid'),
      expiresAt: k.long('expires_at'),
      consumedAt: k.long('consumed_at'),
    },
    (t) => [
      k.uniqueIndex('oidc_models_pk').on(t.model, t.id),
      k.index('oidc_models_grant_idx').on(t.grantId),
      k.index('oidc_models_uid_idx').on(t.uid),
      k.index('oidc_models_expires_idx').on(t.expiresAt),
    ],
  )

  /** Failed sign-in attempts, for throttling (by email and by client address). */
  const loginAttempts = k.table(
    'login_attempts',
    {
      id: k.id('id'),
      key: k.text('key').notNull(),
      at: k.long('at').notNull().default(k.nowMs),
    },
    (t) => [k.index('login_attempts_key_at_idx').on(t.key, t.at)],
  )

  /**
   * Background work every app process may take (jobs/job-queue.ts): a row is claimed by one
   * process until `lockedUntil`, retried until `maxAttempts`. `key` keeps one unfinished job
   * per key (one sweep, one thumbnail per package).
   */
  const jobs = k.table(
    'jobs',
    {
      id: k.id('id'),
      kind: k.text('kind').notNull(),
      key: k.text('key'),
      payload: k.json('payload').notNull(),
      runAt: k.long('run_at').notNull(),
      attempts: k.int('attempts').notNull().default(0),
      maxAttempts: k.int('max_attempts').notNull(),
      budgetMs: k.long('budget_ms').notNull(),
      lockedBy: k.text('locked_by'),
      lockedUntil: k.long('locked_until'),
      lastError: k.text('last_error'),
      failedAt: k.long('failed_at'),
      createdAt: k.long('created_at').notNull(),
    },
    (t) => [k.uniqueIndex('jobs_key_unique').on(t.key), k.index('jobs_run_at_idx').on(t.runAt)],
  )

  /**
   * Keys and secrets shared by every app process on PostgreSQL (the identity provider's keys,
   * the upload-signing secret). On SQLite they stay files in DATA_DIR/keys, as they always were.
   */
  const secrets = k.table('secrets', {
    name: k.text('name').primaryKey(),
    value: k.text('value').notNull(),
    createdAt: k.long('created_at').notNull(),
  })

  /**
   * Package versions whose record has left `packages` while their files are kept for a while
   * (server/retention/): a deleted package until its Undo runs out, a replaced version for an
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

  /**
   * Personal API tokens (server/tokens/): only the sha256 of the secret is kept. `ownerClaims` is
   * what the access policy judged of the owner when the token was made; it judges them again on
   * every use, so a rule or a membership that changes since applies to the token too.
   */
  const apiTokens = k.table(
    'api_tokens',
    {
      id: k.text('id').primaryKey(),
      ownerSub: k.text('owner_sub').notNull(),
      ownerClaims: k.json('owner_claims').notNull(),
      name: k.text('name').notNull(),
      scope: k.oneOf('scope', ['read', 'write']).notNull(),
      secretSha256: k.text('secret_sha256').notNull().unique(),
      createdAt: k.long('created_at').notNull(),
      expiresAt: k.long('expires_at').notNull(),
      lastUsedAt: k.long('last_used_at'),
      revokedAt: k.long('revoked_at'),
    },
    (t) => [k.index('api_tokens_owner_idx').on(t.ownerSub)],
  )

  return {
    packages,
    uploads,
    users,
    memberLinks,
    auditEvents,
    oidcModels,
    loginAttempts,
    jobs,
    secrets,
    retainedPackages,
    apiTokens,
  }
}

export type Tables = ReturnType<typeof defineTables>
