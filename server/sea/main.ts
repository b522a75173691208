// The single executable's entry (Node's single executable applications): the built client
// (with the MRAID host), the migrations and the SQLite addon travel as embedded assets and are written
// once per version under <DATA_DIR>/.runtime/<version>/, beside the data, never to a temp
// folder, so neither a normal stop nor SIGKILL leaves anything behind; older versions' files
// are removed at start. Then it is the same server as `npm start`.

import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import * as sea from 'node:sea'
import { runCheckCommand } from '../../cli/check/check-command.ts'
import { serveChecks } from '../../cli/check/worker-loop.ts'
import { runServerCli } from '../cli.ts'
import { parseConfig } from '../config/parse-config.ts'
import { runUsersCommand } from '../idp/users-command.ts'

declare const APP_VERSION: string

interface AppFiles {
  /** relative path -> base64 content */
  files: Record<string, string>
}

if (process.argv.includes('--version')) {
  console.log(APP_VERSION)
  process.exit(0)
}

function writeRuntime(dataDir: string) {
  const runtimeRoot = path.join(dataDir, '.runtime')
  const addon = Buffer.from(sea.getRawAsset('better_sqlite3.node') as ArrayBuffer)
  const filesAsset = sea.getAsset('app-files.json', 'utf8')
  const stamp = createHash('sha256').update(filesAsset).update(addon).digest('hex').slice(0, 12)
  const dir = path.join(runtimeRoot, `${APP_VERSION}-${stamp}`)
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(dir, { recursive: true, force: true })
    const { files } = JSON.parse(filesAsset) as AppFiles
    for (const [relative, content] of Object.entries(files)) {
      const target = path.join(dir, relative)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, Buffer.from(content, 'base64'))
    }
    fs.writeFileSync(path.join(dir, 'better_sqlite3.node'), addon, { mode: 0o700 })
    fs.writeFileSync(path.join(dir, '.complete'), '')
  }
  for (const other of fs.readdirSync(runtimeRoot)) {
    if (path.join(runtimeRoot, other) !== dir)
      fs.rmSync(path.join(runtimeRoot, other), { recursive: true, force: true })
  }
  return dir
}

/** The SEA's require() loads built-in modules only: the addon is loaded by hand. */
function loadAddon(dir: string): object {
  const addon: { exports: object } = { exports: {} }
  process.dlopen(addon, path.join(dir, 'better_sqlite3.node'))
  return addon.exports
}

/** The argument a checking process of `check` is started with: the binary starts itself. */
const CHECK_WORKER = '--check-worker'

if (process.argv[2] === 'check') {
  void runCheckCommand(process.argv.slice(3), {
    version: APP_VERSION,
    spawnWorker: ({ env }) =>
      spawn(process.execPath, [CHECK_WORKER], { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] }),
  }).then((code) => {
    process.exitCode = code
  })
} else if (process.argv[2] === CHECK_WORKER) {
  serveChecks()
} else if (process.argv[2] === 'users') {
  const dir = writeRuntime(parseConfig(process.env).dataDir)
  void runUsersCommand(process.argv.slice(3), {
    migrationsDir: path.join(dir, 'migrations'),
    nativeBinding: loadAddon(dir),
  }).then((code) => process.exit(code))
} else {
  void runServerCli({
    version: APP_VERSION,
    usersCommand: './ads-preview users',
    runtime: (config) => {
      const dir = writeRuntime(config.dataDir)
      config.clientDir = path.join(dir, 'client')
      return {
        migrationsDir: path.join(dir, 'migrations'),
        nativeBinding: loadAddon(dir),
      }
    },
  })
}
