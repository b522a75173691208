// Wire shapes of the team and audit calls (people and access), beside the spec's in api.ts: the admin's
// members screen, a member's own account, and the audit trail. zod/mini, as api.ts.
import { z } from 'zod/mini'

export const MEMBER_ROLES = ['admin', 'member'] as const
export const memberRoleSchema = z.enum(MEMBER_ROLES)
export type MemberRole = z.infer<typeof memberRoleSchema>

/** name@host: `admin@localhost`, the documented default, is an address too. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/

const email = z
  .string()
  .check(z.trim(), z.minLength(3), z.maxLength(254), z.regex(EMAIL_PATTERN, 'not an email address'))
const id = z.string().check(z.minLength(1), z.maxLength(100))

/** A row of the team screen: a member, or an invitation not yet accepted. */
export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  status: z.enum(['active', 'invited']),
  /** ISO 8601; null: never signed in (or an invitation). */
  lastSignInAt: z.nullable(z.string()),
  /** An invitation's end (ISO 8601). */
  expiresAt: z.optional(z.string()),
})
export type Member = z.infer<typeof memberSchema>

export const memberListSchema = z.object({ members: z.array(memberSchema) })

export const inviteInputSchema = z.object({ email, role: z._default(memberRoleSchema, 'member') })
export const memberInputSchema = z.object({ id })

/** A single-use link to hand on: an invitation or a password reset. */
export const memberLinkSchema = z.object({
  link: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  /** With SMTP_URL set: whether the link also went by mail, and if not, why. */
  mail: z.optional(z.object({ sent: z.boolean(), error: z.optional(z.string()) })),
})
export type MemberLink = z.infer<typeof memberLinkSchema>

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().check(z.maxLength(1000)),
  newPassword: z.string().check(z.maxLength(1000)),
})

export const accountSchema = z.object({
  email: z.nullable(z.string()),
  role: memberRoleSchema,
  /** The embedded provider: the product manages the account (password, sessions, team). */
  managedHere: z.boolean(),
})
export type Account = z.infer<typeof accountSchema>

export const AUDIT_ACTIONS = [
  'package.uploaded',
  'package.replaced',
  'package.deleted',
  'package.restored',
  'package.replace-undone',
  'member.invited',
  'member.invite-revoked',
  'member.joined',
  'member.removed',
  'member.reset-issued',
  'member.password-reset',
  'member.password-changed',
  'member.sessions-ended',
  'review.shared',
  'review.revoked',
  'review.commented',
  'review.decided',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const auditEventSchema = z.object({
  id: z.number(),
  /** ISO 8601 */
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it (an email, or the subject when the provider gave none); null: the system. */
  actor: z.nullable(z.string()),
  /** From which address. */
  address: z.nullable(z.string()),
  subject: z.object({ type: z.enum(['package', 'member']), id: z.string(), name: z.nullable(z.string()) }),
  details: z.nullable(z.record(z.string(), z.unknown())),
})
export type AuditEvent = z.infer<typeof auditEventSchema>

export const auditQuerySchema = z.object({
  /** One package's history (by its uuid); any member may ask. Without it: the whole log, admins only. */
  packageUuid: z.optional(z.string().check(z.maxLength(100))),
  /** Entries older than this id (the next page). */
  cursor: z.optional(z.nullable(z.coerce.number().check(z.int(), z.positive()))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
})

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  next: z.nullable(z.number()),
})
export type AuditPage = z.infer<typeof auditPageSchema>
