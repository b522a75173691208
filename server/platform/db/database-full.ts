// A database that cannot grow: SQLite's SQLITE_FULL (disk or max_page_count), PostgreSQL's
// disk_full (53100). Answered as 507 like a full disk (platform/http/error-answer.ts).
export function isDatabaseFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  const cause = (error as { cause?: unknown } | undefined)?.cause
  return code === 'SQLITE_FULL' || code === '53100' || (cause !== undefined && isDatabaseFull(cause))
}
