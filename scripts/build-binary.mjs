// `npm run build:binary`: one executable (Node's single executable applications) holding the
// server, the built client (with the MRAID host), the migrations and the SQLite addon: dist/ads-preview.
// Thumbnails need a Chromium and playwright-core beside it, so the binary shows placeholder tiles.
import './require-node.mjs'
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import process from 'node:process'
import { build } from 'esbuild'

process.chdir(new URL('..', import.meta.url).pathname)
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
const out = 'dist/sea'
fs.rmSync(out, { recursive: true, force: true })
fs.mkdirSync(out, { recursive: true })

if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0)
  process.exit(1)

await build({
  entryPoints: ['server/sea/main.ts'],
  outfile: `${out}/main.cjs`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  minify: true,
  // oidc-provider looks token lifetimes up by class name (ttl[this.name]): minified names break sign-in.
  keepNames: true,
  external: ['playwright-core'],
  define: { APP_VERSION: JSON.stringify(version), 'import.meta.dirname': 'undefined' },
  logLevel: 'warning',
})

/** The addon better-sqlite3 itself would load: a local build if one was made, else its prebuild. */
function sqliteAddonFile() {
  const built = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'
  if (fs.existsSync(built)) return built
  const prebuild = createRequire(import.meta.url)(
    path.resolve('node_modules/better-sqlite3/lib/binding.js'),
  ).getPrebuildPath()
  if (!prebuild)
    throw new Error(`better-sqlite3 has no prebuilt addon for ${process.platform}-${process.arch}`)
  return prebuild
}

function collect(dir, prefix, files) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) collect(full, `${prefix}${entry.name}/`, files)
    else if (!entry.name.endsWith('.map'))
      files[`${prefix}${entry.name}`] = fs.readFileSync(full).toString('base64')
  }
  return files
}
const files = collect('dist/client', 'client/', {})
collect('migrations', 'migrations/', files)
fs.writeFileSync(`${out}/app-files.json`, JSON.stringify({ files }))

fs.writeFileSync(
  `${out}/sea-config.json`,
  JSON.stringify({
    main: `${out}/main.cjs`,
    output: `${out}/sea-prep.blob`,
    disableExperimentalSEAWarning: true,
    useCodeCache: false,
    assets: {
      'app-files.json': `${out}/app-files.json`,
      'better_sqlite3.node': sqliteAddonFile(),
    },
  }),
)
execFileSync(process.execPath, ['--experimental-sea-config', `${out}/sea-config.json`], { stdio: 'inherit' })
const binary = 'dist/ads-preview'
fs.copyFileSync(process.execPath, binary)
fs.chmodSync(binary, 0o755)
spawnSync('strip', [binary], { stdio: 'ignore' })
execFileSync(
  'npx',
  [
    'postject',
    binary,
    'NODE_SEA_BLOB',
    `${out}/sea-prep.blob`,
    '--sentinel-fuse',
    'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
  ],
  { stdio: 'inherit' },
)
console.log(`Built ${binary} (${(fs.statSync(binary).size / 1024 / 1024).toFixed(1)} MB), version ${version}`)
