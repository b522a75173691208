// The real product in its own process, started the way people start it (the command-line entry,
// configured by environment variables), for tests that need the whole thing: upgrades, signals,
// logs, the binary. Ready means its health answer is 200, whatever it prints.
import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The source server through the same command-line entry as `npm start`. */
export const SOURCE_SERVER = [process.execPath, '--import', 'tsx', path.join(ROOT, 'server/main.ts')] as const
/** What tests start: the single executable when scripts/test-binary.mjs names one, else the source server. */
export const PRODUCT = process.env.TEST_BINARY ? [process.env.TEST_BINARY] : SOURCE_SERVER

export interface ProductProcess {
  child: ChildProcess
  port: number
  /** http://localhost:<port>/ads-preview */
  base: string
  /** Everything written to stdout and stderr so far. */
  output(): string
  /** Sends a signal to the started process alone and resolves with its exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>
  /** Ends whatever is left of its process group (for cleanup after a test). */
  killAll(): void
}

/**
 * The environment without Vitest's NODE_ENV=test, which nobody starting the product has: under
 * it `npm start`'s first build bundled React's development build (a 1 MB chunk, and Vite's
 * chunk-size warning).
 */
function asStartedByPeople(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _testRunners, ...rest } = env
  return rest
}

/** Spawns with stdout and stderr collected together, in a process group of its own. */
function spawnCapturing(command: readonly string[], options: { env?: Record<string, string>; cwd?: string }) {
  const [file, ...args] = command
  const child = spawn(file!, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...asStartedByPeople(process.env), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a failed test can end everything it started (npm's server too).
    detached: true,
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  return { child, output: () => output }
}

/** SIGKILL to the child and everything it started (its own process group). */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    // Already gone.
  }
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
  /** Its variables; a function when they name the port (PUBLIC_URL at another host name). */
  env?: Record<string, string> | ((port: number) => Record<string, string>)
  cwd?: string
  timeoutMs?: number
}

export async function startProductProcess(options: StartProductOptions = {}): Promise<ProductProcess> {
  const port = await freePort()
  const env = typeof options.env === 'function' ? options.env(port) : options.env
  const { child, output } = spawnCapturing(options.command ?? PRODUCT, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { PORT: String(port), LOG_REQUESTS: '0', ...env },
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://localhost:${port}/ads-preview`
  const deadline = Date.now() + (options.timeoutMs ?? 30_000)
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the product exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      )
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) {
      killGroup(child)
      throw new Error(`the product was not healthy within the time allowed:\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    child,
    port,
    base,
    output,
    killAll: () => killGroup(child),
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

export interface Finished {
  code: number | null
  /** stdout and stderr together, in the order they came. */
  output: string
}

/** Runs the product (or `npm start`) to its end: for what must print and exit without serving. */
export function runToExit(
  command: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<Finished> {
  const { child, output } = spawnCapturing(command, options)
  const timer = setTimeout(() => killGroup(child), options.timeoutMs ?? 30_000)
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output: output() })
    }),
  )
}
