// Configuration from environment variables, parsed once at startup (docs/configuration.md).
// Each area declares its variables in its own folder (`server/<area>/config.ts`, made with
// defineConfigArea) and is listed once in AREAS below; its settings are `config.<area>`.
// Nothing else reads process.env: the parsed Config is passed in.
import type { z } from 'zod'
import { retentionConfig } from './creatives/retention/config.ts'
import { targetsConfig } from './creatives/targets/config.ts'
import { thumbnailsConfig } from './creatives/thumbnails/config.ts'
import { uploadsConfig } from './creatives/uploads/config.ts'
import { authConfig } from './identity/access/config.ts'
import { adminConfig } from './identity/provider/config.ts'
import { type CoreConfig, coreVariables, readCore } from './platform/config/core.ts'
import { ConfigIssue, expectedByZod } from './platform/config/env.ts'
import { problemLine } from './platform/config/problem-line.ts'
import { databaseConfig } from './platform/db/config.ts'
import { httpConfig } from './platform/http/config.ts'
import { jobsConfig } from './platform/jobs/config.ts'
import { logConfig } from './platform/log/config.ts'
import { mailConfig } from './platform/mail/config.ts'
import { s3Config } from './platform/storage/s3/config.ts'

const AREAS = {
  http: httpConfig,
  database: databaseConfig,
  uploads: uploadsConfig,
  auth: authConfig,
  admin: adminConfig,
  thumbnails: thumbnailsConfig,
  retention: retentionConfig,
  log: logConfig,
  targets: targetsConfig,
  s3: s3Config,
  mail: mailConfig,
  jobs: jobsConfig,
} as const

type Areas = typeof AREAS
export type Config = CoreConfig & { [K in keyof Areas]: ReturnType<Areas[K]['read']> } & {
  /** The variables it was parsed from (forListeningPort parses them again). */
  env: Readonly<Record<string, string | undefined>>
}

export class ConfigError extends Error {
  /** One line per bad variable, each starting with its name and the value given (problem-line.ts). */
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
    this.problems = problems
  }
}

/** Every variable the configuration reads, in the order the areas declare them (for --help). */
export function configVariableNames(): string[] {
  return [coreVariables, ...Object.values(AREAS).map((area) => area.schema)].flatMap((schema) =>
    Object.keys(schema.shape),
  )
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function parseConfig(environment: Record<string, string | undefined>): Config {
  const problems: string[] = []
  const complain = (name: string, message: string) => {
    const line = problemLine(name, environment[name], message)
    if (!problems.includes(line)) problems.push(line)
  }
  const parse = <S extends z.ZodType>(schema: S): z.output<S> | undefined => {
    const parsed = schema.safeParse(environment, { error: expectedByZod })
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) complain(String(issue.path[0]), issue.message)
    return undefined
  }
  const coreValues = parse(coreVariables)
  const areaValues = Object.entries(AREAS).map(([name, area]) => [name, parse(area.schema)] as const)
  if (!coreValues || problems.length > 0) throw new ConfigError(problems)
  const core = readCore(coreValues)
  const settings: Record<string, unknown> = {}
  for (const [name, values] of areaValues) {
    try {
      const area = AREAS[name as keyof Areas] as { read(values: unknown, core: CoreConfig): unknown }
      settings[name] = area.read(values, core)
    } catch (error) {
      if (!(error instanceof ConfigIssue)) throw error
      complain(error.variable, error.message)
    }
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return { ...core, ...settings, env: environment } as Config
}

/** The configuration for the port the server really listens on: with PORT=0 the OS chose it. */
export function forListeningPort(config: Config, port: number): Config {
  return config.port === port ? config : parseConfig({ ...config.env, PORT: String(port) })
}
