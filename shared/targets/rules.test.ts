// Every rule of every profile, judged on a package (and audit figures) built to pass it and one
// built to fail it: the inspector measures the package, the engine judges the figures.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixtureFor, zipStored } from '../../tests/fixtures/target-fixtures.ts'
import { inspectPackage } from '../inspector/inspect.ts'
import { bytesSource } from '../zip/byte-source.ts'
import { evaluateRule } from './evaluate.ts'
import { TARGET_PROFILES } from './profiles/index.ts'
import type { TargetProfile, TargetRule } from './types.ts'

async function judge(profile: TargetProfile, rule: TargetRule, ok: boolean, estimate = false) {
  const fixture = fixtureFor(rule, ok, estimate)
  const report = await inspectPackage(bytesSource(zipStored(fixture.files)), { requireMraid: false })
  return evaluateRule(profile, rule, { facts: report.facts, audit: fixture.audit })
}

const cases = TARGET_PROFILES.flatMap((profile) =>
  profile.rules.map((rule) => [`${profile.id}/${rule.id}`, profile, rule] as const),
)

describe('each rule of each profile', () => {
  it.each(cases)('%s passes its passing fixture and fails its failing one', async (_, profile, rule) => {
    const passing = await judge(profile, rule, true)
    expect(passing.status, `${passing.figure} vs ${passing.limit}`).toBe('pass')
    const failing = await judge(profile, rule, false)
    expect(failing.status, `${failing.figure} vs ${failing.limit}`).toBe(rule.severity)
    expect(failing.figure).not.toBe('')
  })

  const estimated = cases.filter(([, , rule]) => rule.estimate)
  it.each(estimated)(
    '%s is judged on its static estimate until the audit has run',
    async (_, profile, rule) => {
      const passing = await judge(profile, rule, true, true)
      expect([passing.status, passing.estimate]).toEqual(['pass', true])
      const failing = await judge(profile, rule, false, true)
      expect([failing.status, failing.estimate]).toEqual([rule.severity, true])
    },
  )
})

describe('the profiles as data', () => {
  it('every rule names its source and the date it was checked, and every profile what it leaves out', () => {
    for (const profile of TARGET_PROFILES) {
      expect(profile.notCovered.length, profile.id).toBeGreaterThan(0)
      for (const rule of profile.rules) {
        expect(rule.source.title, `${profile.id}/${rule.id}`).not.toBe('')
        expect(rule.source.checked, `${profile.id}/${rule.id}`).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
      expect(new Set(profile.rules.map((rule) => rule.id)).size).toBe(profile.rules.length)
    }
    expect(new Set(TARGET_PROFILES.map((profile) => profile.id)).size).toBe(TARGET_PROFILES.length)
  })
})

it("docs/delivery-targets.md's table of profiles lists every profile with its rule count", () => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/delivery-targets.md'), 'utf8')
  const rows = [...readme.matchAll(/^\| `([a-z0-9-]+)` \| [^|]+ \| (\d+) \|$/gm)].map((m) => [
    m[1],
    Number(m[2]),
  ])
  expect(rows).toEqual(TARGET_PROFILES.map((profile) => [profile.id, profile.rules.length]))
})
