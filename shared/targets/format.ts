// How figures and limits read in the matrix, the badge and `check`'s output. Sizes use
// 1 KB = 1024 bytes, as the networks' pages (and most tools their users have) count them.
import type { MeasureUnit } from './measures.ts'
import type { MeasureValue, RuleCheck } from './types.ts'

export const KB = 1024
export const MB = 1024 * 1024

export function formatBytes(bytes: number): string {
  if (bytes < KB) return `${bytes} B`
  if (bytes < MB) return `${trim(bytes / KB)} KB`
  return `${trim(bytes / MB)} MB`
}

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10)
}

export function formatValue(value: MeasureValue, unit: MeasureUnit): string {
  if (value === null) return 'none'
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'none'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'string') return value
  switch (unit) {
    case 'bytes':
      return formatBytes(value)
    case 'ms':
      return value < 1000 ? `${Math.round(value)} ms` : `${trim(value / 1000)} s`
    case 'percent':
      return `${value}%`
    default:
      return String(value)
  }
}

/** The limit in words; `budget` is the size-dependent limit when the rule has one. */
export function formatLimit(check: RuleCheck, unit: MeasureUnit, budget?: number): string {
  if ('max' in check) {
    if (check.max === 0 && unit === 'count') return 'none'
    return `${check.exclusive ? 'under' : 'at most'} ${formatValue(check.max, unit)}`
  }
  if ('maxBySize' in check) {
    return budget === undefined ? 'depends on the ad size' : `at most ${formatValue(budget, unit)}`
  }
  if ('equals' in check) return formatValue(check.equals, unit)
  if ('present' in check) return 'present'
  if (unit === 'calls') return 'includes' in check ? 'must be called' : 'must not be called'
  if ('includes' in check) return `includes ${check.includes}`
  return `no ${check.excludes}`
}
