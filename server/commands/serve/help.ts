// What --help prints: how to run it, the users command, and every configuration variable (taken
// from the configuration areas themselves, so a new variable is listed without touching this).

import type { CommandName } from '../../../shared/commands.ts'
import { PRODUCT } from '../../../shared/constants.ts'
import { configVariableNames } from '../../parse-config.ts'

export function helpText(invocation: Record<CommandName, string>): string {
  const variables = configVariableNames()
  const lines: string[] = []
  let line = ' '
  for (const name of variables) {
    if (line.length + name.length > 92) {
      lines.push(line)
      line = ' '
    }
    line += ` ${name}`
  }
  lines.push(line)
  return `${PRODUCT}: upload, inspect, preview and share HTML5/MRAID ad packages.

Usage:
  ${invocation.serve}              start the server (prints its address and how to sign in)
  ${invocation.serve} --version    print the version and exit
  ${invocation.serve} --help       print this and exit
  ${invocation.users} list|add <email> [password]|remove <email>|passwd <email> [password]
  ${invocation.check} <zip or folder>...   validate packages offline (--help for its options)
  ${invocation.move} [--from <data folder>]   move an installation into DATABASE_URL and S3_BUCKET

Configuration is read from environment variables, all optional (docs/configuration.md):
${lines.join('\n')}

Health: GET /ads-preview/health (alive), GET /ads-preview/ready (database and storage usable).
`
}
