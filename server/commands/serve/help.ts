// What --help prints: how to run it, the users command, and every configuration variable with
// its default and meaning, as docs/configuration.md's table has them (configuration-table.ts).

import type { CommandName } from '../../../shared/commands.ts'
import { PRODUCT } from '../../../shared/constants.ts'
import table from './configuration-table.json' with { type: 'json' }
import type { VariableRow } from './configuration-table.ts'

const WIDTH = 92
const INDENT = '      '

/** Words filled into lines of at most WIDTH columns, each indented. */
function wrap(text: string): string[] {
  const lines: string[] = []
  let line = INDENT
  for (const word of text.split(/\s+/)) {
    if (line !== INDENT && line.length + 1 + word.length > WIDTH) {
      lines.push(line)
      line = INDENT
    }
    line += line === INDENT ? word : ` ${word}`
  }
  lines.push(line)
  return lines
}

function describeVariable(row: VariableRow): string[] {
  const fallback = row.default ? ` (default: ${row.default})` : ''
  return [`  ${row.names.join(', ')}${fallback}`, ...wrap(row.meaning)]
}

export function helpText(invocation: Record<CommandName, string>): string {
  const lines = (table as VariableRow[]).flatMap(describeVariable)
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
