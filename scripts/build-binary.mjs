// `npm run build:binary`: one executable (Node's single executable applications), dist/ads-preview,
// holding the server bundle and, as assets, runtime.zip (the built client with the MRAID host, the
// migrations and playwright-core for thumbnails) and the SQLite addon; it unpacks them under
// DATA_DIR/.runtime on first start (bin/single-executable/runtime-files.ts). Built with the Node running
// this script, which the binary then is: `npm run build:binary` uses the project's Node 24.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import process from 'node:process'
import { build } from 'esbuild'
import { zipSync } from 'fflate'
import { runBinSync } from './run-bin.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
const require = createRequire(import.meta.url)
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
const out = 'dist/sea'
fs.rmSync(out, { recursive: true, force: true })
fs.mkdirSync(out, { recursive: true })

if (runBinSync('vite', ['build', '--logLevel', 'warn']).status !== 0) process.exit(1)

await build({
  entryPoints: ['bin/single-executable/main.ts'],
  outfile: `${out}/main.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  minify: true,
  // oidc-provider looks token lifetimes up by class name (ttl[this.name]): minified names break sign-in.
  keepNames: true,
  // Loaded from the unpacked runtime files instead (a require rooted there).
  external: ['playwright-core'],
  define: { APP_VERSION: JSON.stringify(version), 'import.meta.dirname': 'undefined' },
  logLevel: 'warning',
})

/** The addon better-sqlite3 itself would load: a local build if one was made, else its prebuild. */
function sqliteAddonFile() {
  const built = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'
  if (fs.existsSync(built)) return built
  const prebuild = require(path.resolve('node_modules/better-sqlite3/lib/binding.js')).getPrebuildPath()
  if (!prebuild)
    throw new Error(`better-sqlite3 has no prebuilt addon for ${process.platform}-${process.arch}`)
  return prebuild
}

/** Adds a folder's files to `entries` under `prefix`, leaving out what `skip` names. */
function collect(dir, prefix, entries, skip = () => false) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const name = `${prefix}${entry.name}`
    if (skip(name) || entry.name.endsWith('.map')) continue
    if (entry.isDirectory()) collect(full, `${name}/`, entries, skip)
    else entries[name] = new Uint8Array(fs.readFileSync(full))
  }
  return entries
}
const runtime = collect('dist/client', 'client/', {})
collect('migrations', 'migrations/', runtime)
// playwright-core without its types, its CLI and the trace viewer's web app (launching Chromium
// and taking screenshots need none of them).
const PLAYWRIGHT_UNUSED = ['types', 'bin', 'lib/vite', 'index.d.ts', 'cli.js'].map(
  (entry) => `node_modules/playwright-core/${entry}`,
)
collect('node_modules/playwright-core', 'node_modules/playwright-core/', runtime, (name) =>
  PLAYWRIGHT_UNUSED.includes(name),
)
fs.writeFileSync(`${out}/runtime.zip`, zipSync(runtime, { level: 6 }))

fs.writeFileSync(
  `${out}/sea-config.json`,
  JSON.stringify({
    main: `${out}/main.cjs`,
    output: `${out}/sea-prep.blob`,
    disableExperimentalSEAWarning: true,
    useCodeCache: false,
    assets: { 'runtime.zip': `${out}/runtime.zip`, 'better_sqlite3.node': sqliteAddonFile() },
  }),
)
// Node reports the blob it wrote on stderr: shown only when something went wrong.
const prepared = spawnSync(process.execPath, ['--experimental-sea-config', `${out}/sea-config.json`], {
  encoding: 'utf8',
})
if (prepared.status !== 0 || !/^Wrote single executable preparation blob to \S+\s*$/.test(prepared.stderr)) {
  process.stderr.write(prepared.stdout + prepared.stderr)
  if (prepared.status !== 0) process.exit(1)
}
const binary = 'dist/ads-preview'
fs.copyFileSync(process.execPath, binary)
fs.chmodSync(binary, 0o755)
spawnSync('strip', [binary], { stdio: 'ignore' })

// postject through its API: LIEF, inside it, warns about every nameless note section of the
// Node binary (it injects fine); those known lines are dropped, anything else is shown.
const LIEF_NOTE_WARNING = /^warning: Can't find string offset for section name '\.note[.\d]*'$/
const { inject } = require('postject')
const warn = console.warn
console.warn = (...parts) => {
  const line = parts.join(' ')
  if (!LIEF_NOTE_WARNING.test(line)) warn(line)
}
try {
  await inject(binary, 'NODE_SEA_BLOB', fs.readFileSync(`${out}/sea-prep.blob`), {
    sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
  })
} finally {
  console.warn = warn
}
const megabytes = (file) => (fs.statSync(file).size / 1024 / 1024).toFixed(1)
console.log(
  `Built ${binary} (${megabytes(binary)} MB, runtime files ${megabytes(`${out}/runtime.zip`)} MB zipped), version ${version}, Node ${process.version}`,
)
