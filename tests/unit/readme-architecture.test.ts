// The README's architecture section is the truth about the code's shape: every source file and
// folder it names is in the repository (written from the root, or from the folder its sentence
// is about: `db/tables.ts` is server/platform/db/tables.ts, `local/` is server/platform/storage/local/).
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../server/platform/project-root.ts'

const section = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8')
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
// source the document could name.
// Only the top-level folders are filtered, so the walk never enters node_modules, .git or .tmp.
const IGNORED = new Set(['.git', 'node_modules', 'dist', '.tmp'])
const tracked = fs
  .readdirSync(PROJECT_ROOT, { withFileTypes: true })
  .filter((top) => !IGNORED.has(top.name))
  .flatMap((top) =>
    top.isDirectory()
      ? (
          fs.readdirSync(path.join(PROJECT_ROOT, top.name), {
            recursive: true,
            withFileTypes: true,
          }) as fs.Dirent[]
        )
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)))
      : [top.name],
  )
  .map((file) => `/${file}`)

it('names the parts of the code', () => {
  expect(named.length).toBeGreaterThan(60)
})

it.each(named)('%s is in the repository', (name) => {
  const found = tracked.some((file) =>
    name.endsWith('/') ? file.includes(`/${name}`) : file.endsWith(`/${name}`),
  )
  expect(found, `${name}, named in docs/architecture.md`).toBe(true)
})

// server/'s own folders and the folders of each of its sides (server/creatives/uploads/ ...).
const serverFolders = (
  fs.readdirSync(path.join(PROJECT_ROOT, 'server'), { withFileTypes: true }) as fs.Dirent[]
)
  .filter((entry) => entry.isDirectory())
  .flatMap((side) => [
    `server/${side.name}/`,
    ...(fs.readdirSync(path.join(PROJECT_ROOT, 'server', side.name), { withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isDirectory())
      .map((area) => `server/${side.name}/${area.name}/`),
  ])

it('finds the folders of server/', () => {
  expect(serverFolders).toContain('server/creatives/')
  expect(serverFolders.length).toBeGreaterThan(20)
})

// The layout tree under "Where things are": `server/` at the margin, each side of it two spaces
// in (`  creatives/`), each area four (`    uploads/`).
const tree = section.slice(section.indexOf('## Where things are')).split('```')[1]!.split('\n')
const drawn: string[] = []
let inServer = false
let side = ''
for (const line of tree) {
  const folder = /^( *)([\w-]+)\/(?: |$)/.exec(line)
  if (!folder) continue
  const depth = folder[1]!.length
  if (depth === 0) inServer = folder[2] === 'server'
  else if (inServer && depth === 2) {
    side = folder[2]!
    drawn.push(`server/${side}/`)
  } else if (inServer && depth === 4) drawn.push(`server/${side}/${folder[2]}/`)
}

it.each(serverFolders)('%s is drawn in the layout of docs/architecture.md', (folder) => {
  expect(drawn, `${folder} is in server/ but the layout in docs/architecture.md does not draw it`).toContain(
    folder,
  )
})

it.each(drawn)('%s, drawn in the layout, is a folder of server/', (folder) => {
  expect(serverFolders).toContain(folder)
})
