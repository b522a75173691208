// README "Test it" shows the tiers and their budgets as scripts/test-tiers.mjs has them, the
// table `npm test` runs and prints against: a budget changed in one place fails here.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { TIERS } from '../../scripts/test-tiers.mjs'
import { PROJECT_ROOT } from '../../server/platform/project-root.ts'

const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8')
const section = readme.slice(
  readme.indexOf('\n## Test it'),
  readme.indexOf('\n## ', readme.indexOf('\n## Test it') + 1),
)
const rows = [...section.matchAll(/^\| (\w+) \|.*\| (\d+) s \|$/gm)].map((match) => ({
  name: match[1],
  budgetSeconds: Number(match[2]),
}))

it('names every tier with its budget, in the order npm test runs them', () => {
  expect(rows).toEqual(TIERS.map(({ name, budgetSeconds }) => ({ name, budgetSeconds })))
})
