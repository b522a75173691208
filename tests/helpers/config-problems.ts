// The lines a configuration is refused with (none when it is taken), for the tests of its messages.
import { ConfigError, parseConfig } from '../../server/parse-config.ts'

export function configProblems(env: Record<string, string>): string[] {
  try {
    parseConfig(env)
    return []
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    return error.problems
  }
}
