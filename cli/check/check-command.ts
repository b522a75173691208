// `ads-preview check [options] <zip or folder>...`: the command line around the checker. Answers
// the exit code: 0 every package passes, 1 one fails, 2 a usage or I/O error.
import fs from 'node:fs/promises'
import path from 'node:path'
import { CHECK_USAGE, type CheckArgs, parseCheckArgs, UsageError } from './check-args.ts'
import { checkOnServer, ServerError } from './check-on-server.ts'
import { checkThenUpload } from './check-then-upload.ts'
import { collectPackages, InputError } from './collect.ts'
import { FORMATS } from './formats.ts'
import { type CheckLimits, checkInParallel, type SpawnWorker } from './pool.ts'
import type { CheckReport } from './report.ts'
import { EXIT, exitCodeOf, type PackageVerdict } from './verdict.ts'

export interface CheckIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Progress lines go to standard error only when it is a terminal. */
  progress: boolean
  cwd: string
  env: NodeJS.ProcessEnv
}

export interface CheckCommandOptions {
  version: string
  spawnWorker: SpawnWorker
  io?: Partial<CheckIo>
  limits?: Partial<CheckLimits>
}

function defaultIo(): CheckIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    progress: process.stderr.isTTY === true,
    cwd: process.cwd(),
    env: process.env,
  }
}

export async function runCheckCommand(args: string[], options: CheckCommandOptions): Promise<number> {
  const io = { ...defaultIo(), ...options.io }
  let parsed: CheckArgs
  try {
    parsed = parseCheckArgs(args, io.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`ads-preview check: ${error.message}\n\n${CHECK_USAGE}`)
    return EXIT.usage
  }
  if (parsed.help) {
    io.stdout(CHECK_USAGE)
    return EXIT.pass
  }

  const started = performance.now()
  let inputs: Awaited<ReturnType<typeof collectPackages>>
  try {
    inputs = await collectPackages(parsed.paths, io.cwd)
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    io.stderr(`ads-preview check: ${error.message}\n`)
    return EXIT.usage
  }
  const onVerdict = io.progress
    ? (verdict: PackageVerdict, done: number) =>
        io.stderr(`[${done}/${inputs.length}] ${verdict.status.toUpperCase()} ${verdict.file}\n`)
    : undefined
  let verdicts: PackageVerdict[]
  const offline = {
    targets: parsed.targets,
    spawnWorker: options.spawnWorker,
    ...(parsed.jobs ? { jobs: parsed.jobs } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    onVerdict,
  }
  try {
    const server = parsed.server && {
      ...parsed.server,
      targets: parsed.targets,
      jobs: parsed.server.uploadPassing ? 4 : (parsed.jobs ?? 4),
    }
    verdicts = !server
      ? await checkInParallel(inputs, offline)
      : server.uploadPassing
        ? await checkThenUpload(inputs, offline, server, (verdict, done, of) => {
            if (io.progress)
              io.stderr(`[${done}/${of}] UPLOAD ${verdict.status.toUpperCase()} ${verdict.file}\n`)
          })
        : await checkOnServer(inputs, { ...server, onVerdict })
  } catch (error) {
    if (!(error instanceof ServerError)) throw error
    io.stderr(`ads-preview check: ${error.message}\n`)
    return EXIT.usage
  }
  const report: CheckReport = {
    version: options.version,
    targets: parsed.targets,
    verdicts,
    seconds: (performance.now() - started) / 1000,
    cwd: io.cwd,
  }

  const formatted = FORMATS[parsed.format](report)
  if (parsed.output) {
    try {
      await fs.writeFile(path.resolve(io.cwd, parsed.output), formatted)
    } catch (error) {
      io.stderr(`ads-preview check: cannot write ${parsed.output}: ${(error as Error).message}\n`)
      return EXIT.usage
    }
    io.stdout(FORMATS.text(report))
  } else io.stdout(formatted)
  return exitCodeOf(verdicts)
}
