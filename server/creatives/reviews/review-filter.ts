// The list's review filter, as SQL both databases run: a version is approved or has changes
// requested when its newest decision says so; it awaits one when an open link names its file
// name and no decision was given on it. The open links' names are few: read first.
import { and, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { ReviewState } from '../../../shared/review.ts'
import type { Database } from '../../platform/db/database.ts'
import { linkFilenames } from './review-access.ts'

export async function reviewFilter(db: Database, state: ReviewState, now: number): Promise<SQL | undefined> {
  const { packages, reviewDecisions: d, reviewLinks } = db.tables
  if (state !== 'awaiting') {
    return sql`${packages.uuid} IN (SELECT d.package_uuid FROM ${d} d WHERE d.decision = ${state}
      AND NOT EXISTS (SELECT 1 FROM ${d} e WHERE e.package_uuid = d.package_uuid
        AND (e.at > d.at OR (e.at = d.at AND e.id > d.id))))`
  }
  const open = await db.orm
    .select({ filenames: reviewLinks.filenames })
    .from(reviewLinks)
    .where(and(isNull(reviewLinks.revokedAt), gt(reviewLinks.expiresAt, now)))
  const shared = [...new Set(open.flatMap(linkFilenames))]
  if (shared.length === 0) return sql`1 = 0`
  return and(
    inArray(packages.filename, shared),
    sql`NOT EXISTS (SELECT 1 FROM ${d} d WHERE d.package_uuid = ${packages.uuid})`,
  )
}
