// The README's architecture section is the truth about the code's shape: every source file and
// folder it names is in the repository (written from the root, or from the folder its sentence
// is about: `db/tables.ts` is server/platform/db/tables.ts, `local/` is server/platform/storage/local/).
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../server/platform/project-root.ts'

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
// The repository's files, read from disk (a unit test starts no git): what is ignored is no
// source the README could name.
const IGNORED = new Set(['.git', 'node_modules', 'dist', '.tmp'])
const tracked = (fs.readdirSync(PROJECT_ROOT, { recursive: true, withFileTypes: true }) as fs.Dirent[])
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)))
  .filter((file) => !IGNORED.has(file.split(path.sep)[0]!))
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
