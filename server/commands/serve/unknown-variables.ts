// Variables that look like ours but are not read: a misspelled name (PUBLIC_ULR, DATADIR) or an
// AUTH_* / S3_* this version does not know is ignored, so the start says so instead of silently
// running with the default the operator meant to change.
import { PRODUCT } from '../../../shared/constants.ts'

/** Prefixes only this product's variables use: anything unknown under them is a mistake. */
const OUR_PREFIXES = ['AUTH_', 'S3_', 'ADS_PREVIEW_']

export interface UnknownVariable {
  name: string
  /** The known variable it was probably meant to be. */
  meant?: string
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      }
      rows[i]![j] = best
    }
  }
  return rows[a.length]![b.length]!
}

/**
 * A near miss of a known name: the same but for case or underscores, or a typo or two in a long
 * name. Short names only count a swapped pair, so HOME is not taken for HOST.
 */
function nearMiss(name: string, known: string): boolean {
  const plain = (value: string) => value.toUpperCase().replaceAll('_', '')
  if (plain(name) === plain(known)) return true
  const d = distance(name.toUpperCase(), known)
  if (known.length <= 4)
    return d === 1 && [...name.toUpperCase()].sort().join('') === [...known].sort().join('')
  return d <= (known.length >= 10 ? 2 : 1)
}

export function unknownVariables(
  environment: Record<string, string | undefined>,
  known: readonly string[],
): UnknownVariable[] {
  const found: UnknownVariable[] = []
  for (const name of Object.keys(environment).sort()) {
    if (known.includes(name) || environment[name] === undefined) continue
    const meant = known.find((candidate) => nearMiss(name, candidate))
    if (meant) found.push({ name, meant })
    else if (OUR_PREFIXES.some((prefix) => name.startsWith(prefix))) found.push({ name })
  }
  return found
}

export function describeUnknown(variable: UnknownVariable): string {
  return variable.meant
    ? `${variable.name} is not a variable ${PRODUCT} reads (did you mean ${variable.meant}?): it is ignored`
    : `${variable.name} is not a variable ${PRODUCT} reads: it is ignored`
}
