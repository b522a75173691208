// The rows of docs/configuration.md's table of variables, as --help prints them: the page is the
// one place a variable's meaning and default are written; `npm run configuration-table` copies
// them into configuration-table.json (the binary has no docs folder), and a test keeps the copy
// in step with the page.

export interface VariableRow {
  /** One variable, or a few that go together (`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`). */
  names: string[]
  default: string
  meaning: string
}

export const CONFIGURATION_PAGE = 'docs/configuration.md'
export const CONFIGURATION_TABLE_FILE = 'server/commands/serve/configuration-table.json'

/** Markdown to plain text: code spans and links keep their text, escaped pipes their pipe. */
function plain(cell: string): string {
  return cell
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\\|/g, '|')
    .trim()
}

export function readConfigurationTable(page: string): VariableRow[] {
  const rows: VariableRow[] = []
  for (const line of page.split('\n')) {
    if (!/^\| `[A-Z][A-Z0-9_]*`/.test(line)) continue
    const cells = line.split(/(?<!\\)\|/).slice(1, -1)
    const [names = '', fallback = '', meaning = ''] = cells
    rows.push({
      names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
      default: plain(fallback),
      meaning: plain(meaning),
    })
  }
  return rows
}
