// The report formats `--format` chooses from.
import { formatJson } from './format-json.ts'
import { formatJunit } from './format-junit.ts'
import { formatSarif } from './format-sarif.ts'
import { formatText } from './format-text.ts'
import type { CheckReport } from './report.ts'

export const FORMATS = {
  text: formatText,
  json: formatJson,
  junit: formatJunit,
  sarif: formatSarif,
} as const satisfies Record<string, (report: CheckReport) => string>

export type FormatName = keyof typeof FORMATS

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATS, name)
}
