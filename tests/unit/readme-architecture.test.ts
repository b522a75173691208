// The README's architecture section is the truth about the code's shape: every source file and
// folder it names is in the repository (written from the root, or from the folder its sentence
// is about: `db/tables.ts` is server/db/tables.ts, `local/` is server/storage/local/).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../server/project-root.ts'

const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8')
const section = readme.slice(
  readme.indexOf('\n## Architecture'),
  readme.indexOf('\n## Decisions worth knowing'),
)
// A source file (with or without its folders), or a folder with its trailing slash; runtime
// folders (DATA_DIR/keys) are not files of the repository.
const named = [
  ...new Set(
    [...section.matchAll(/(?<![\w./<>{}-])((?:[\w-]+\/)*[\w-]+\.(?:ts|tsx|mjs)|(?:[\w-]+\/)+)(?![\w/<{])/g)]
      .map((match) => match[1]!)
      .filter((name) => !/^[A-Z_]+\//.test(name)),
  ),
]
const tracked = execFileSync('git', ['ls-files'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
  .split('\n')
  .map((file) => `/${file}`)

it('names the parts of the code', () => {
  expect(named.length).toBeGreaterThan(60)
})

it.each(named)('%s is in the repository', (name) => {
  const found = tracked.some((file) =>
    name.endsWith('/') ? file.includes(`/${name}`) : file.endsWith(`/${name}`),
  )
  expect(found, `${name}, named in the README's architecture section`).toBe(true)
})
