// Writes one audit entry (SECURITY.md): inside the transaction of the change it records,
// so a change and its entry commit together or not at all. The actor and address come from the
// caller (AuthUser); a step with no signed-in caller (accepting an invitation) names its own.
import type { AuditAction } from '../../../shared/team.ts'
import type { Database, Orm } from '../../platform/db/database.ts'

export interface AuditActor {
  email?: string | undefined
  sub?: string | undefined
  address?: string | undefined
}

export interface AuditEntry {
  action: AuditAction
  actor: AuditActor | undefined
  subject: { type: 'package' | 'member'; id: string; name?: string | null }
  details?: Record<string, unknown>
}

export async function recordEvent(db: Database, tx: Orm, at: number, entry: AuditEntry): Promise<void> {
  await tx.insert(db.tables.auditEvents).values({
    at,
    action: entry.action,
    actor: entry.actor?.email ?? entry.actor?.sub ?? null,
    actorSub: entry.actor?.sub ?? null,
    address: entry.actor?.address ?? null,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    subjectName: entry.subject.name ?? null,
    details: entry.details ?? null,
  })
}
