// --help says what each variable means and its default, in the words of docs/configuration.md's
// table (its copy in configuration-table.json is kept in step here); the real command line's
// --help is in tests/ops/start-contract.ts.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { commandLines } from '../../../shared/commands.ts'
import { PROJECT_ROOT } from '../../platform/project-root.ts'
import {
  CONFIGURATION_PAGE,
  CONFIGURATION_TABLE_FILE,
  readConfigurationTable,
} from './configuration-table.ts'
import { helpText } from './help.ts'

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8')
const rows = readConfigurationTable(read(CONFIGURATION_PAGE))

it('carries the table of docs/configuration.md as it is now (else: npm run configuration-table)', () => {
  expect(rows.length).toBeGreaterThan(40)
  expect(JSON.parse(read(CONFIGURATION_TABLE_FILE))).toEqual(rows)
})

it("gives each variable's default and meaning", () => {
  const help = helpText(commandLines('clone')).replace(/\s+/g, ' ')
  for (const row of rows) {
    const fallback = row.default ? ` (default: ${row.default})` : ''
    expect(help).toContain(` ${row.names.join(', ')}${fallback} ${row.meaning} `)
  }
  expect(help).toContain(' PORT (default: 3000) the one port for the client, the API, previews')
})
