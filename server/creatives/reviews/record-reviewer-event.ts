// An audit entry for what a reviewer did through a link: the reviewer is the actor (by the
// email they gave: there is no account behind it), the package version the subject.
import type { AuditAction } from '../../../shared/team.ts'
import { recordEvent } from '../../identity/audit-trail/record-event.ts'
import type { Database, Orm } from '../../platform/db/database.ts'
import type { PackageRow } from './newest-versions.ts'

export interface Reviewer {
  name: string
  email: string
  address: string | undefined
}

export function recordReviewerEvent(
  db: Database,
  tx: Orm,
  at: number,
  action: AuditAction,
  pkg: PackageRow,
  reviewer: Reviewer,
  details: Record<string, unknown>,
): Promise<void> {
  return recordEvent(db, tx, at, {
    action,
    actor: { email: reviewer.email, address: reviewer.address },
    subject: { type: 'package', id: String(pkg.id), name: pkg.filename },
    details: { uuid: pkg.uuid, version: pkg.filenameVersion, reviewer: reviewer.name, ...details },
  })
}
