// Which delivery targets the deployment judges its packages against (the list badge).
import { DEFAULT_TARGET_IDS, findProfiles, TARGET_PROFILES } from '../../shared/targets/profiles/index.ts'
import { ConfigIssue, defineConfigArea, env } from '../config/env.ts'

export const targetsConfig = defineConfigArea(
  {
    DEFAULT_TARGETS: env.stringWithDefault(DEFAULT_TARGET_IDS.join(','), 2000),
  },
  (e) => {
    const ids = e.DEFAULT_TARGETS.split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '')
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
    }
  },
)
