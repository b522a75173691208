// The audit trail, newest first, a page at a time: one package's history for any signed-in
// member (they may see the package anyway), the whole log for admins only. A package's history
// follows its record id (a Replace keeps it), found by the uuid of any of its versions, so it
// is still answered once the package is deleted. Where an actor acted from (their IP address)
// is personal data a member has no need of: only admins see it.
import { and, desc, eq, lt } from 'drizzle-orm'
import { type AuditEvent, type AuditPage, auditQuerySchema } from '../../../shared/team.ts'
import { type ActionContext, readOnlyAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { requireAdmin } from '../team/require-admin.ts'

export const listEvents = readOnlyAction(auditQuerySchema, async (ctx, input): Promise<AuditPage> => {
  const user = requireCaller(ctx)
  const { auditEvents: t } = ctx.db.tables
  let subject: ReturnType<typeof eq> | undefined
  if (input.packageUuid) {
    const subjectId = await packageSubject(ctx, input.packageUuid)
    if (subjectId === undefined) throw new AppError('NOT_FOUND', 'Package not found')
    subject = and(eq(t.subjectType, 'package'), eq(t.subjectId, subjectId))
  } else requireAdmin(user)
  const rows = await ctx.db.orm
    .select()
    .from(t)
    .where(and(subject, input.cursor ? lt(t.id, input.cursor) : undefined))
    .orderBy(desc(t.id))
    .limit(input.limit + 1)
  const page = rows.slice(0, input.limit)
  const showAddress = user.role === 'admin'
  return {
    events: page.map(
      (row): AuditEvent => ({
        id: row.id,
        at: new Date(row.at).toISOString(),
        action: row.action as AuditEvent['action'],
        actor: row.actor,
        address: showAddress ? row.address : null,
        subject: { type: row.subjectType, id: row.subjectId, name: row.subjectName },
        details: (row.details as Record<string, unknown> | null) ?? null,
      }),
    ),
    next: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  }
})

async function packageSubject(ctx: ActionContext, uuid: string): Promise<string | undefined> {
  const { auditEvents: t, packages } = ctx.db.tables
  const [live] = await ctx.db.orm.select({ id: packages.id }).from(packages).where(eq(packages.uuid, uuid))
  if (live) return String(live.id)
  const [recorded] = await ctx.db.orm
    .select({ id: t.subjectId })
    .from(t)
    .where(and(eq(t.subjectType, 'package'), eq(ctx.db.jsonText(t.details, 'uuid'), uuid)))
    .limit(1)
  return recorded?.id
}
