// The server's command line, shared by `npm start` (server/main.ts) and the single executable
// (bin/single-executable/main.ts): --help and --version print and exit; otherwise the configuration is
// parsed, DATA_DIR is made owner-only and private, the server starts, says where it is, and
// stops cleanly on SIGTERM / SIGINT. Every failure to start is one line naming what to change.
import process from 'node:process'
import { commandLines, type Entry } from '../../../shared/commands.ts'
import { PRODUCT } from '../../../shared/constants.ts'
import { type Config, ConfigError, configVariableNames, parseConfig } from '../../parse-config.ts'
import { BUILD } from '../../platform/build-info.ts'
import { explainListenError } from '../../platform/http/listen-errors.ts'
import { configureLogger, logger } from '../../platform/log/logger.ts'
import { type RuntimeFiles, startProduct } from '../../start.ts'
import { parseArgs } from './args.ts'
import { helpText } from './help.ts'
import { restrictToOwner } from './owner-only.ts'
import { reportStart } from './start-report.ts'
import { stopOnSignals } from './stop-on-signals.ts'
import { keepTempInDataDir } from './temp-in-data-dir.ts'
import { describeUnknown, unknownVariables } from './unknown-variables.ts'

export interface ServerCliOptions {
  /** The product's own files when they are not in the source tree (the single executable). */
  runtime?: (config: Config) => RuntimeFiles
  /** Where it runs from, for the command lines its help and start report print (a clone unless said). */
  entry?: Entry
  /** `users ...` as a subcommand (the binary; npm has `npm run users`). */
  runUsers?: (args: string[], runtime: RuntimeFiles) => Promise<number>
}

function fail(lines: string[], code = 1): never {
  for (const line of lines) logger.fatal(line)
  process.exit(code)
}

export async function runServerCli(options: ServerCliOptions = {}): Promise<void> {
  const lines = commandLines(options.entry ?? 'clone')
  const command = parseArgs(process.argv.slice(2), { users: options.runUsers !== undefined })
  if (command.kind === 'help') {
    process.stdout.write(helpText(lines))
    process.exit(0)
  }
  if (command.kind === 'version') {
    process.stdout.write(`${BUILD.version}\n`)
    process.exit(0)
  }
  if (command.kind === 'refused') fail([command.message], 2)

  let config: Config
  try {
    config = parseConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    fail(error.problems.map((problem) => `Invalid configuration: ${problem}`))
  }
  configureLogger(config.log)
  for (const unknown of unknownVariables(process.env, configVariableNames()))
    logger.warn(describeUnknown(unknown))
  try {
    restrictToOwner(config.dataDir)
    keepTempInDataDir(config.dataDir)
  } catch (error) {
    fail([`DATA_DIR ${config.dataDir} cannot be used: ${(error as Error).message}`])
  }
  const runtime = options.runtime?.(config) ?? {}
  if (command.kind === 'users') process.exit(await options.runUsers!(command.args, runtime))

  const product = await startProduct(config, { runtime }).catch(cannotStart)
  const { url } = await product.listen().catch((error: unknown) => {
    const explained = explainListenError(error, config)
    if (explained) fail([explained])
    return cannotStart(error)
  })
  reportStart(config, { url, ...product }, lines.users)
  stopOnSignals(product.close)
}

function cannotStart(error: unknown): never {
  logger.fatal({ err: error }, `${PRODUCT} could not start: ${(error as Error).message ?? error}`)
  process.exit(1)
}
