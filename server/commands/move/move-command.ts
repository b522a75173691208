// `ads-preview move [--from <folder>]` (`npx ads-preview move` in a clone): moves the
// single-machine installation in <folder> (default DATA_DIR: its SQLite file and package files)
// into the PostgreSQL database of DATABASE_URL and the bucket of S3_BUCKET, the variables the
// app processes will then run with. Prints its progress and what it moved; exit code 0 when
// every package is in the target, 1 otherwise (each file it could not move named), 2 for a
// wrong command line or configuration. The source is only read.
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { type Config, ConfigError, parseConfig } from '../../parse-config.ts'
import type { Database } from '../../platform/db/database.ts'
import { DATABASE_FILE, type DatabaseFiles, openDatabase } from '../../platform/db/open-database.ts'
import { createS3Store } from '../../platform/storage/s3/s3-store.ts'
import { restrictToOwner } from '../serve/owner-only.ts'
import { installationId, TargetRefused } from './claim-target.ts'
import { type MoveOutcome, moveInstallation } from './move-installation.ts'
import { MOVE_USAGE } from './move-usage.ts'

// A command's output, not the server's log: plain lines on stdout and stderr.
const say = (line: string) => process.stdout.write(`${line}\n`)
const complain = (line: string) => process.stderr.write(`${line}\n`)

/**
 * `files`: where the migrations and the SQLite addon are when they are not in the source tree
 * (the single executable unpacks its own under DATA_DIR/.runtime; DATA_DIR, not the source).
 */
export async function runMoveCommand(
  args: string[],
  files: (config: Config) => DatabaseFiles = () => ({}),
): Promise<number> {
  const from = args[0] === '--from' && args.length === 2 ? args[1] : undefined
  if (args.length > 0 && !from) return usage()
  let config: Config
  try {
    config = parseConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    for (const problem of error.problems) complain(`Invalid configuration: ${problem}`)
    return 2
  }
  if (!config.database.url || !config.s3) {
    complain(
      'The move needs its target: set DATABASE_URL (PostgreSQL) and S3_BUCKET (with its S3_* variables).',
    )
    return 2
  }
  const dir = path.resolve(from ?? config.dataDir)
  const databaseFile = path.join(dir, DATABASE_FILE)
  if (!fs.existsSync(databaseFile)) {
    complain(`No installation in ${dir}: ${DATABASE_FILE} is not there.`)
    return 2
  }
  const started = performance.now()
  const opened: Database[] = []
  try {
    restrictToOwner(config.dataDir)
    const runtime = files(config)
    // The source's database is brought to this release's schema first, as starting it would.
    const source = await openDatabase({ dataDir: dir, database: { url: undefined } }, runtime)
    opened.push(source)
    const target = await openDatabase(config, runtime)
    opened.push(target)
    const blobs = createS3Store(config.s3)
    say(`Moving ${dir} into ${new URL(config.database.url).host} and the bucket ${config.s3.bucket}.`)
    const outcome = await moveInstallation(
      { dir, db: source, id: installationId(dir, databaseFile) },
      { db: target, blobs },
      say,
    )
    return summarize(outcome, (performance.now() - started) / 1000)
  } catch (error) {
    if (error instanceof TargetRefused) complain(error.message)
    else {
      complain(`The move stopped: ${(error as Error).message}`)
      complain('Run the same command again to go on from where it stopped.')
    }
    return 1
  } finally {
    for (const db of opened) await db.close()
  }
}

function summarize(outcome: MoveOutcome, seconds: number): number {
  const { rows, files } = outcome
  const moved = Object.entries(rows)
    .map(([table, { read, written }]) => `${table} ${read} (${written} new)`)
    .join(', ')
  say(`Records: ${moved}.`)
  say(
    `Files: ${files.copied} copied and ${files.present} already there, each read back with its size and sha256.`,
  )
  for (const problem of files.problems) complain(`Not moved: ${problem}`)
  if (outcome.missing > 0 || files.problems.length > 0) {
    complain(
      `${outcome.missing} packages are not in the target: fix what is named above and run the move again.`,
    )
    return 1
  }
  say(`Done in ${seconds.toFixed(1)} s: start the app processes with DATABASE_URL and S3_BUCKET set.`)
  return 0
}

function usage(): number {
  complain(MOVE_USAGE)
  return 2
}
