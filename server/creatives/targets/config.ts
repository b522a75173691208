// Which delivery targets the deployment judges its packages against (the list badge), how
// long the runtime audit watches each creative, and how many creatives a process audits at once.
import { DEFAULT_TARGET_IDS, findProfiles, TARGET_PROFILES } from '../../../shared/targets/profiles/index.ts'
import { defineConfigArea } from '../../platform/config/config-area.ts'
import { ConfigIssue, env } from '../../platform/config/env.ts'

/**
 * The thumbnail browser closes after a minute without a new page; the audit's longest run (the
 * window and its 15 s of overhead) opens one page, so the window stays well inside that minute.
 */
export const MAX_AUDIT_SECONDS = 40
/** Each audit holds one page of the renderer (heap capped at PAGE_HEAP_MB): 8 is 2 GB at most. */
export const MAX_AUDIT_CONCURRENCY = 8

export const targetsConfig = defineConfigArea(
  {
    DEFAULT_TARGETS: env.stringWithDefault(DEFAULT_TARGET_IDS.join(','), 2000),
    AUDIT_SECONDS: env.intWithDefault(30, 0, MAX_AUDIT_SECONDS),
    AUDIT_CONCURRENCY: env.intWithDefault(2, 1, MAX_AUDIT_CONCURRENCY),
  },
  (e) => {
    const ids = splitTargetIds(e.DEFAULT_TARGETS)
    const { unknown } = findProfiles(ids)
    if (unknown.length > 0 || ids.length === 0) {
      throw new ConfigIssue(
        'DEFAULT_TARGETS',
        `${unknown.length > 0 ? `unknown target ${unknown.join(', ')}` : 'no target'}; known: ${TARGET_PROFILES.map((p) => p.id).join(', ')}`,
      )
    }
    return {
      /** Target ids the list badge judges (their order is the matrix's). */
      defaultTargets: ids,
      /** How long the runtime audit watches a creative untouched (ms); 0: no runtime audit. */
      auditWindowMs: e.AUDIT_SECONDS * 1000,
      /** Audits one process runs at once (each a page of the shared renderer). */
      auditConcurrency: e.AUDIT_CONCURRENCY,
    }
  },
)

/** "a, b" -> ['a', 'b']; empty parts are dropped. */
export function splitTargetIds(list: string): string[] {
  return list
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
}
