// A throwaway PostgreSQL cluster for one test run: initdb in a temp folder, started on a free
// port with its socket in that folder, stopped and removed at the end. Debian's `postgresql`
// package provides the binaries (/usr/lib/postgresql/<version>/bin; .ci/run installs it); as
// root they run as the `postgres` user (initdb refuses root). Tuned for tests, not durability.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string
  /** Stops the server as a crash would (immediate), keeping its data: for outage tests. */
  halt(): void
  /** Starts it again on the same port and data after halt(). */
  resume(): void
  stop(): void
}

/** POSTGRES_BIN names the folder of initdb and pg_ctl elsewhere (another install, another machine). */
export function findPostgresBin(configured = process.env.POSTGRES_BIN): string | undefined {
  if (configured) return fs.existsSync(path.join(configured, 'initdb')) ? configured : undefined
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  return versions.map((v) => path.join(root, v, 'bin')).find((bin) => fs.existsSync(path.join(bin, 'initdb')))
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * `durable`: PostgreSQL's own settings, which lose no committed transaction in a crash (halt()
 * is one); otherwise tuned for speed, as a crash there may lose the last commits.
 */
export async function startCluster(bin: string, options: { durable?: boolean } = {}): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-pg-'))
  const asPostgres = process.getuid?.() === 0
  if (asPostgres) execFileSync('chown', ['postgres:postgres', dir])
  const run = (tool: string, args: string[]) => {
    const command = asPostgres ? 'runuser' : path.join(bin, tool)
    const argv = asPostgres ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args
    const result = spawnSync(command, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`)
  }
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const port = await freePort()
  const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast} -c max_connections=200`
  const start = () => run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
