// The real product in its own process, started the way people start it (the command-line entry,
// configured by environment variables), for tests that need the whole thing: upgrades, signals,
// logs, the binary. Ready means its health answer is 200, whatever it prints.
import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The source server through the same command-line entry as `npm start`. */
export const SOURCE_SERVER = [process.execPath, '--import', 'tsx', path.join(ROOT, 'server/main.ts')] as const

export interface ProductProcess {
  child: ChildProcess
  port: number
  /** http://localhost:<port>/ads-preview */
  base: string
  /** Everything written to stdout and stderr so far. */
  output(): string
  /** Sends a signal and resolves with the exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** A port the OS has just handed out, free again for the product to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface StartProductOptions {
  /** The command and its arguments; the source server by default. */
  command?: readonly string[]
  env?: Record<string, string>
  cwd?: string
  timeoutMs?: number
}

export async function startProduct(options: StartProductOptions = {}): Promise<ProductProcess> {
  const port = await freePort()
  const [command, ...args] = options.command ?? SOURCE_SERVER
  const child = spawn(command!, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, PORT: String(port), LOG_REQUESTS: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://localhost:${port}/ads-preview`
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the product exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`,
      )
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the product was not healthy within the time allowed:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    child,
    port,
    base,
    output: () => output,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}
