// A package's audit entry, written by the caller's action: the package named by its row (id and
// file name), its uuid and version always in the details, before whatever else the step records.
import type { AuditAction } from '../../../shared/team.ts'
import type { ActionContext } from '../../actions/define-action.ts'
import type { Orm } from '../../platform/db/database.ts'
import { recordEvent } from './record-event.ts'

export interface AuditedPackage {
  id: number
  uuid: string
  filename: string
  filenameVersion: number
}

export function recordPackageEvent(
  ctx: ActionContext,
  tx: Orm,
  action: AuditAction,
  pkg: AuditedPackage,
  details: Record<string, unknown> = {},
  at = ctx.now(),
): Promise<void> {
  return recordEvent(ctx.db, tx, at, {
    action,
    actor: ctx.user,
    subject: { type: 'package', id: String(pkg.id), name: pkg.filename },
    details: { uuid: pkg.uuid, version: pkg.filenameVersion, ...details },
  })
}
