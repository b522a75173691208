// `npm run configuration-table`: copies docs/configuration.md's table of variables into the JSON
// file --help prints from (server/commands/serve/configuration-table.ts says why).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import {
  CONFIGURATION_PAGE,
  CONFIGURATION_TABLE_FILE,
  readConfigurationTable,
} from '../server/commands/serve/configuration-table.ts'

process.chdir(new URL('..', import.meta.url).pathname)
const rows = readConfigurationTable(fs.readFileSync(CONFIGURATION_PAGE, 'utf8'))
fs.writeFileSync(CONFIGURATION_TABLE_FILE, `${JSON.stringify(rows, null, 2)}\n`)
// In the shape the linter checks.
execFileSync('node_modules/.bin/biome', ['format', '--write', CONFIGURATION_TABLE_FILE])
console.log(`Wrote ${rows.length} rows to ${CONFIGURATION_TABLE_FILE}`)
