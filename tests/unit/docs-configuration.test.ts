// docs/configuration.md's table of variables names every variable the product reads, and no
// other: a variable added to a config area without a row, or a row left after its variable went,
// fails here.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { configVariableNames } from '../../server/parse-config.ts'
import { PROJECT_ROOT } from '../../server/platform/project-root.ts'

const page = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/configuration.md'), 'utf8')
// The first cell of each row of the table: one variable, or a few (`S3_ACCESS_KEY_ID`, `...`).
const documented = [...page.matchAll(/^\| (`[A-Z][A-Z0-9_]*`[^|]*)\|/gm)].flatMap((row) =>
  [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1]!),
)

it('documents every variable the product reads, and only those', () => {
  expect([...documented].sort()).toEqual([...configVariableNames()].sort())
})
