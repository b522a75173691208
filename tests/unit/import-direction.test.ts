// Which part of the code may import which, read from the source's own import lines (no process,
// no bundler): client and server meet only in shared/, shared/ stands alone, the platform under
// server/platform/ knows none of the product's areas, server/ never imports cli/ and cli/ reaches
// the server through named entry files, and no files import each other in a circle. docs/architecture.md draws the same picture.
// Tests may reach across (a test of the platform builds the whole product to drive it).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../server/platform/project-root.ts'

const SOURCE_ROOTS = ['bin', 'server', 'client', 'cli', 'shared', 'mraid-host']
const SOURCE = /\.(ts|tsx|mts|mjs)$/
const TEST = /\.(test|spec)\.tsx?$/
// `import x from '...'`, `export ... from '...'`, `import '...'`, `import('...')`: relative ones.
const IMPORT =
  /(?:^|[\s;}])(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g

const files = SOURCE_ROOTS.flatMap((root) =>
  (fs.readdirSync(path.join(PROJECT_ROOT, root), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) =>
      path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    ),
)
const known = new Set(files)

/** Every file a file imports, as paths from the repository's root. */
function importsOf(file: string, text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(IMPORT)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] ?? match[2]!))
    found.add(target)
  }
  return [...found]
}

const graph = new Map(
  files.map((file) => [
    file,
    importsOf(file, fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')).filter(
      (to) => !to.startsWith('node_modules/'),
    ),
  ]),
)
const product = files.filter((file) => !TEST.test(file))

const under =
  (...folders: string[]) =>
  (file: string) =>
    folders.some((folder) => file.startsWith(folder))
/** The product's areas of the server: everything in server/ that is not the platform. */
const serverProduct = (file: string) => file.startsWith('server/') && !file.startsWith('server/platform/')

// cli/ reaches the server through these files only; the server never reaches cli/ (the single
// executable, which answers both, stands beside them in bin/).
const CLI_ENTRIES_INTO_SERVER = new Set([
  'server/commands/move/move-command.ts',
  'server/commands/move/move-usage.ts',
  'server/platform/storage/file-source.ts',
  'server/platform/child-pool/child-pool.ts',
])
// The client's tRPC calls are typed by the server's router: a type, erased from the bundle.
const CLIENT_TYPE_FROM_SERVER = 'server/api/trpc/router.ts'

const RULES: { name: string; from: (file: string) => boolean; refuses: (to: string) => boolean }[] = [
  {
    name: 'client never imports server, but the tRPC router type',
    from: under('client/'),
    refuses: (to) => to.startsWith('server/') && to !== CLIENT_TYPE_FROM_SERVER,
  },
  { name: 'client never imports cli', from: under('client/'), refuses: under('cli/') },
  { name: 'shared imports only shared', from: under('shared/'), refuses: (to) => !to.startsWith('shared/') },
  {
    name: 'mraid-host imports only itself and shared',
    from: under('mraid-host/'),
    refuses: (to) => !under('mraid-host/', 'shared/')(to),
  },
  { name: 'the platform never imports the product', from: under('server/platform/'), refuses: serverProduct },
  { name: 'server never imports cli', from: under('server/'), refuses: under('cli/') },
  {
    name: 'cli imports server only through its entries',
    from: under('cli/'),
    refuses: (to) => to.startsWith('server/') && !CLI_ENTRIES_INTO_SERVER.has(to),
  },
  { name: 'no source imports a test helper', from: () => true, refuses: under('tests/') },
]

describe.each(RULES)('$name', (rule) => {
  it('holds', () => {
    const broken = product.filter(rule.from).flatMap((file) =>
      graph
        .get(file)!
        .filter(rule.refuses)
        .map((to) => `${file} -> ${to}`),
    )
    expect(broken).toEqual([])
  })
})

/** The groups of files that import each other in a circle (Tarjan's strongly connected parts). */
function circles(edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const to of edges.get(file) ?? []) {
      if (!edges.has(to)) continue
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || edges.get(file)!.includes(file)) found.push(group.sort())
  }
  for (const file of edges.keys()) if (!index.has(file)) visit(file)
  return found
}

it('takes only a type from the server into the client', () => {
  const client = product.filter(under('client/'))
  const lines = client.flatMap((file) =>
    fs
      .readFileSync(path.join(PROJECT_ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => line.includes('/server/')),
  )
  expect(lines.length).toBeGreaterThan(0)
  for (const line of lines)
    expect(line).toMatch(/^import type \{[^}]*\} from '(\.\.\/)+server\/api\/trpc\/router\.ts'$/)
})

it('reads the imports of every part', () => {
  expect(product.length).toBeGreaterThan(300)
  expect(graph.get('server/main.ts')!.length).toBeGreaterThan(0)
  for (const file of product)
    for (const to of graph.get(file)!)
      expect(known.has(to) || fs.existsSync(path.join(PROJECT_ROOT, to)), `${file} -> ${to}`).toBe(true)
})

it('finds a circle where there is one', () => {
  const edges = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ])
  expect(circles(edges)).toEqual([['a', 'b', 'c']])
})

it('has no import circles', () => {
  const sources = new Map(product.map((file) => [file, graph.get(file)!.filter((to) => !TEST.test(to))]))
  expect(circles(sources)).toEqual([])
})
