// What is wrong with a package, each issue once: the server's detail lines (the spec's warning
// banner) and the browser's own inspection of the same file.
import type { InspectionReport, Severity } from '../../shared/inspector/types.ts'

export interface ListedIssue {
  severity: Severity
  message: string
}

/**
 * Splits the issues between the banner and the inspection card: the banner keeps the server's
 * lines in its order (with the severity the browser found for the same message, else error:
 * the server sends details when validation failed), the card lists only what the banner does not.
 */
export function mergeIssues(
  details: readonly string[],
  report: InspectionReport | null,
): { banner: ListedIssue[]; card: ListedIssue[] } {
  const found = (report?.issues ?? []).filter((issue) => issue.severity !== 'info')
  const inBanner = new Set(details)
  return {
    banner: details.map((message) => ({
      message,
      severity: found.find((issue) => issue.message === message)?.severity ?? 'error',
    })),
    card: found
      .filter((issue) => !inBanner.has(issue.message))
      .map(({ severity, message }) => ({ severity, message })),
  }
}
