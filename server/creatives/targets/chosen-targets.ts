// Which delivery targets a call judges: the ids it names (`?targets=a,b` or a list), else the
// deployment's DEFAULT_TARGETS. An id the product does not know is the caller's mistake (400).
import { findProfiles, TARGET_PROFILES } from '../../../shared/targets/profiles/index.ts'
import type { TargetProfile } from '../../../shared/targets/types.ts'
import type { Config } from '../../parse-config.ts'
import { AppError } from '../../platform/errors.ts'
import { splitTargetIds } from './config.ts'

export interface ChosenTargets {
  ids: string[]
  profiles: TargetProfile[]
}

export function chooseTargets(config: Config, asked: string | readonly string[] | undefined): ChosenTargets {
  const named = typeof asked === 'string' ? splitTargetIds(asked) : [...(asked ?? [])]
  const ids = named.length > 0 ? [...new Set(named)] : config.targets.defaultTargets
  const { profiles, unknown } = findProfiles(ids)
  if (unknown.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `Unknown target: ${unknown.join(', ')}. Known targets: ${TARGET_PROFILES.map((p) => p.id).join(', ')}.`,
    )
  }
  return { ids, profiles }
}
