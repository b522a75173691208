// The move goes only into an empty database and bucket, or into one an earlier run of the same
// source started (a re-run after a kill, or a last pass after the old server stopped). The
// target remembers its source in the `secrets` row MARKER: the sha256 of the source's provider
// signing key, which identifies an installation for its whole life.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { count, eq, ne } from 'drizzle-orm'
import type { Database } from '../../platform/db/database.ts'
import type { BlobStore } from '../../platform/storage/blob-store.ts'

export const MARKER = 'moved-from'

/** The source installation, as the target remembers it. */
export function installationId(sourceDir: string, databaseFile: string): string {
  const key = path.join(sourceDir, 'keys', 'oidc-signing-keys.json')
  // An installation that never started the server has no key yet: its database file stands in.
  const identity = fs.existsSync(key) ? fs.readFileSync(key) : `file:${fs.realpathSync(databaseFile)}`
  return createHash('sha256').update(identity).digest('hex')
}

export class TargetRefused extends Error {}

/** What the target already holds that the move would mix with, in words ('' when empty). */
async function contents(target: Database, blobs: BlobStore): Promise<string> {
  const t = target.tables
  const counts = {
    users: t.users,
    packages: t.packages,
    'retained packages': t.retainedPackages,
    'audit events': t.auditEvents,
  }
  const found: string[] = []
  for (const [name, table] of Object.entries(counts)) {
    const [row] = await target.orm.select({ n: count() }).from(table)
    if (row && row.n > 0) found.push(`${row.n} ${name}`)
  }
  const [secrets] = await target.orm.select({ n: count() }).from(t.secrets).where(ne(t.secrets.name, MARKER))
  if (secrets && secrets.n > 0) found.push(`${secrets.n} keys`)
  for (const prefix of ['packages', 'thumbnails']) {
    const keys = await blobs.list(prefix)
    if (keys.length > 0) found.push(`${keys.length} files under ${prefix}/ in the bucket`)
  }
  return found.join(', ')
}

/** Answers whether this run resumes an earlier one; throws TargetRefused for another installation's target. */
export async function claimTarget(target: Database, blobs: BlobStore, id: string): Promise<boolean> {
  const { secrets } = target.tables
  const [marker] = await target.orm.select().from(secrets).where(eq(secrets.name, MARKER))
  if (marker?.value === id) return true
  const found = marker ? 'moved from another installation' : await contents(target, blobs)
  if (found) {
    throw new TargetRefused(
      `The target is not empty (${found}): move into an empty database and bucket. Nothing was changed.`,
    )
  }
  await target.write((tx) =>
    tx.insert(secrets).values({ name: MARKER, value: id, createdAt: Date.now() }).onConflictDoNothing(),
  )
  // Two moves started into one empty target at once: the marker that won decides.
  const [won] = await target.orm.select().from(secrets).where(eq(secrets.name, MARKER))
  if (won?.value !== id) throw new TargetRefused('Another installation is being moved into this target.')
  return false
}
