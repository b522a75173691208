// `ads-preview check [options] <zip or folder>...`: the command line around the checker. Answers
// the exit code: 0 every package passes, 1 one fails, 2 a usage or I/O error.
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_TARGET_IDS, findProfiles, TARGET_PROFILES } from '../../shared/targets/profiles/index.ts'
import { collectPackages, InputError } from './collect.ts'
import { FORMATS, isFormatName } from './formats.ts'
import { type CheckLimits, checkInParallel, type SpawnWorker } from './pool.ts'
import type { CheckReport } from './report.ts'
import { EXIT, exitCodeOf } from './verdict.ts'

export const CHECK_USAGE = `Usage: ads-preview check [options] <zip or folder>...

Checks creative packages as the server validates them (MRAID required) and against delivery
targets' rules, offline, in parallel. A folder is searched for .zip files at any depth.
Rules only a runtime audit measures are not judged offline.

  --format text|json|junit|sarif  the report on standard output (default: text)
  --output FILE                   write the report to FILE instead; the text report still
                                  goes to standard output
  --targets LIST                  delivery targets a package must also pass, comma-separated,
                                  or none (default: ${DEFAULT_TARGET_IDS.join(',')});
                                  known: ${TARGET_PROFILES.map((p) => p.id).join(', ')}
  --jobs N                        packages checked at once (default: the number of cores)
  -h, --help                      this text

Exit code: 0 when every package passes, 1 when one fails, 2 on a usage or I/O error.
`

export interface CheckIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Progress lines go to standard error only when it is a terminal. */
  progress: boolean
  cwd: string
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
  }
}

class UsageError extends Error {}

function parse(args: string[]) {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const format = values.format ?? 'text'
  if (!isFormatName(format))
    throw new UsageError(`--format must be one of ${Object.keys(FORMATS).join(', ')}`)
  const jobs = values.jobs === undefined ? undefined : Number(values.jobs)
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1))
    throw new UsageError('--jobs must be a whole number of 1 or more')
  const targets =
    values.targets === undefined
      ? [...DEFAULT_TARGET_IDS]
      : values.targets === 'none'
        ? []
        : values.targets
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
  const { unknown } = findProfiles(targets)
  if (unknown.length > 0)
    throw new UsageError(
      `unknown target ${unknown.join(', ')}: known are ${TARGET_PROFILES.map((p) => p.id).join(', ')}`,
    )
  if (!values.help && positionals.length === 0) throw new UsageError('name at least one .zip file or folder')
  return { format, jobs, targets, output: values.output, help: values.help === true, paths: positionals }
}

const OPTIONS = {
  format: { type: 'string' },
  output: { type: 'string' },
  jobs: { type: 'string' },
  targets: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

export async function runCheckCommand(args: string[], options: CheckCommandOptions): Promise<number> {
  const io = { ...defaultIo(), ...options.io }
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(args)
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
  const verdicts = await checkInParallel(inputs, {
    targets: parsed.targets,
    spawnWorker: options.spawnWorker,
    ...(parsed.jobs ? { jobs: parsed.jobs } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    onVerdict: io.progress
      ? (verdict, done) =>
          io.stderr(`[${done}/${inputs.length}] ${verdict.status.toUpperCase()} ${verdict.file}\n`)
      : undefined,
  })
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
