// What starting the product promises, whichever way it is started (`npm start`, the binary):
// --help and --version print and exit; a taken port and a bad variable each get one line naming
// the variable and no stack trace (which line for which variable and HOST's errors are unit
// tests of parseConfig and listen); a normal start prints no warning and logs JSON records with
// time, level and request id when stdout is not a terminal, a CR/LF in a path forges no record;
// SIGTERM stops the server; DATA_DIR and everything in it is owner-only.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configVariableNames } from '../../server/parse-config.ts'
import { type ProductProcess, runToExit, startProductProcess } from '../helpers/product-process.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version
const FIXTURE = path.join(ROOT, 'tests/fixtures/upgrade/0.1.0/data-folder')
/**
 * A run of the command to its exit or to a healthy start: npm, its start script, then the
 * product; 11-28 s measured here through npm beside the suite at a load of 30, five at once.
 */
const RUN_MS = 60_000

/**
 * The lines the product printed: npm's own around it are left out (its script header, its
 * report of a script that exited non-zero, and the warning this machine's ~/.npmrc causes).
 */
export function productLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !/^> /.test(line) && !/^npm error /.test(line))
    .filter((line) => !/^npm warn Unknown (user|env) config "nodedir"/.test(line))
}

/** Every file and folder under `dir` whose mode lets anyone but the owner in. */
export function openToOthers(dir: string): string[] {
  const open: string[] = []
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry)
    if (!stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
      open.push(`${entry} ${(stat.mode & 0o777).toString(8)}`)
    if (stat.isDirectory()) for (const child of fs.readdirSync(entry)) visit(path.join(entry, child))
  }
  visit(dir)
  return open
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

export interface StartWay {
  name: string
  /** The command that starts the server; arguments are appended. */
  command: string[]
  cwd: string
}

export function describeStartContract(way: StartWay): void {
  const temps: string[] = []
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-start-'))
    temps.push(dir)
    return dir
  }
  afterAll(() => {
    for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true })
  })
  const run = (args: string[], env: Record<string, string> = {}) =>
    runToExit([...way.command, ...args], { cwd: way.cwd, env: { DATA_DIR: tempDir(), ...env } })

  /** Starting fails with exactly one line that names `variable`, and no stack trace. */
  async function expectOneLineNaming(env: Record<string, string>, variable: string) {
    const { code, output } = await run([], env)
    expect(code, output).toBe(1)
    const lines = productLines(output)
    expect(lines, output).toHaveLength(1)
    expect(lines[0]).toContain(variable)
    expect(output).not.toMatch(/^\s+at /m)
  }

  describe.concurrent(`${way.name}: the command line`, () => {
    it(
      '--help prints how to run it and every configuration variable, and exits',
      async () => {
        const { code, output } = await run(['--help'])
        expect(code, output).toBe(0)
        expect(output).toContain('Usage:')
        for (const name of configVariableNames()) expect(output).toContain(name)
      },
      RUN_MS,
    )

    it(
      '--version prints the version and exits',
      async () => {
        const { code, output } = await run(['--version'])
        expect(code, output).toBe(0)
        expect(productLines(output).at(-1)).toBe(VERSION)
      },
      RUN_MS,
    )

    it(
      'an unknown argument is refused in one line',
      async () => {
        const { code, output } = await run(['--port=80'])
        expect(code, output).toBe(2)
        expect(productLines(output)).toHaveLength(1)
        expect(output).toContain('--port=80')
      },
      RUN_MS,
    )
  })

  describe.concurrent(`${way.name}: what stops a start`, () => {
    it(
      'a port in use: one line naming PORT',
      async () => {
        const taken = net.createServer()
        await new Promise<void>((resolve) => taken.listen(0, resolve))
        try {
          await expectOneLineNaming({ PORT: String((taken.address() as net.AddressInfo).port) }, 'PORT')
        } finally {
          taken.close()
        }
      },
      RUN_MS,
    )

    it(
      'PUBLIC_URL with a path: one line naming PUBLIC_URL',
      async () => {
        await expectOneLineNaming({ PUBLIC_URL: 'https://ads.example.com/tools' }, 'PUBLIC_URL')
      },
      RUN_MS,
    )
  })

  describe(`${way.name}: a normal start`, () => {
    let output = ''
    let stopCode: number | null = null
    let dataDir: string
    let requestId = ''
    let base = ''
    let product: ProductProcess | undefined
    afterAll(() => product?.killAll())

    beforeAll(async () => {
      dataDir = tempDir()
      product = await startProductProcess({
        command: way.command,
        cwd: way.cwd,
        env: {
          DATA_DIR: dataDir,
          LOG_REQUESTS: '1',
          ADMIN_EMAIL: 'ops@example.com',
          ADMIN_PASSWORD: 'ops-password-1',
        },
      })
      base = product.base
      const health = await fetch(`${base}/health`)
      requestId = health.headers.get('x-request-id') ?? ''
      // A CR/LF in the path (sent encoded; the router decodes it) must not start a record.
      await fetch(`${base}/x%0d%0a{"level":"fatal","msg":"forged"}%0d%0a`)
      stopCode = await product.stop('SIGTERM')
      output = product.output()
    }, RUN_MS)

    it('prints no warning, of its own or of Node', () => {
      const warnings = productLines(output).filter((line) => /warn|\(node:\d+\)/i.test(line))
      expect(warnings).toEqual([])
    })

    it('logs one JSON record a line with time, level and message, requests with their id', () => {
      const records = productLines(output).map((line) => JSON.parse(line) as Record<string, unknown>)
      for (const record of records)
        expect(record).toMatchObject({
          time: expect.any(String),
          level: expect.any(String),
          msg: expect.any(String),
        })
      expect(requestId).toMatch(/^[\w-]{8,}$/)
      expect(records).toContainEqual(
        expect.objectContaining({ reqId: requestId, path: '/ads-preview/health', status: 200 }),
      )
      expect(records.map((record) => record.msg)).not.toContain('forged')
      expect(records.some((record) => String(record.path).includes('\r\n'))).toBe(true)
    })

    it('stops on SIGTERM sent to the command: the server exits and no longer answers', async () => {
      expect(stopCode).not.toBeNull()
      await expect(fetch(`${base}/health`)).rejects.toThrow()
      // Nothing it started lives on (npm's server process included).
      await expect.poll(() => groupAlive(product!.child.pid!), { timeout: 5000 }).toBe(false)
    }, 10_000) // the wait above for npm's server process to end: 5 s at most

    it('keeps DATA_DIR and every file in it owner-only', () => {
      expect(fs.readdirSync(dataDir)).toContain('ads-preview.db')
      expect(openToOthers(dataDir)).toEqual([])
    })
  })

  it(
    `${way.name}: tightens a data folder an older release left readable by others`,
    async () => {
      const dataDir = tempDir()
      fs.cpSync(FIXTURE, dataDir, { recursive: true })
      fs.chmodSync(dataDir, 0o755)
      fs.chmodSync(path.join(dataDir, 'ads-preview.db'), 0o644)
      fs.chmodSync(path.join(dataDir, 'blobs'), 0o755)
      expect(openToOthers(dataDir).length).toBeGreaterThan(0)
      const product = await startProductProcess({
        command: way.command,
        cwd: way.cwd,
        env: { DATA_DIR: dataDir },
      })
      await product.stop('SIGTERM')
      product.killAll()
      expect(openToOthers(dataDir)).toEqual([])
    },
    RUN_MS,
  ) // 14 s measured here through npm beside the suite at a load of 30
}
