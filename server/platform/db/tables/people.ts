// Who signs in and what they did: the embedded provider's members, their links and sessions,
// sign-in throttling, personal API tokens, and the audit trail.
import type { TableKit } from '../sqlite/kit.ts'

export function peopleTables(k: TableKit) {
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
   * Single-use links an admin hands out (identity/team/): an invitation to join, or a password reset.
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
   * The audit trail (identity/audit-trail/): who uploaded, replaced, deleted, invited, removed and changed
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
   * Personal API tokens (server/identity/api-tokens/): only the sha256 of the secret is kept. `ownerClaims` is
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

  return { users, memberLinks, auditEvents, oidcModels, loginAttempts, apiTokens }
}
