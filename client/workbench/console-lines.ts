// The console's lines: what happened, from which run (this browser, or a phone of a live
// session), when on one clock (the server's, in milliseconds), and the text they copy or save as.

export const LINE_KINDS = ['call', 'event', 'error', 'console', 'network', 'device', 'workbench'] as const
export type LineKind = (typeof LINE_KINDS)[number]

export interface LogLine {
  id: number
  /** Milliseconds since the epoch on the server's clock. */
  at: number
  kind: LineKind
  text: string
  /** Which run it came from: a column of the console. */
  source: string
}

export interface ConsoleSource {
  id: string
  title: string
}

/** Seconds since the console's origin, to the millisecond: "+12.345 s". */
export function clockText(at: number, origin: number): string {
  const seconds = (at - origin) / 1000
  return `${seconds < 0 ? '-' : '+'}${Math.abs(seconds).toFixed(3)} s`
}

/** The lines as plain text, one a line, oldest first: time, run, kind, text. */
export function consoleText(
  lines: readonly LogLine[],
  sources: readonly ConsoleSource[],
  origin: number,
): string {
  const title = new Map(sources.map((source) => [source.id, source.title]))
  return lines
    .map(
      (line) =>
        `${clockText(line.at, origin)}\t${title.get(line.source) ?? line.source}\t${line.kind}\t${line.text}`,
    )
    .join('\n')
}
