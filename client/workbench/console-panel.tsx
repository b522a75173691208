// The live console: every line of this browser's run and of the phones of a live session, one
// row each on one clock, each run in its own column so the same ad is compared line by line.
// Filters by kind, keeps the newest line in view unless the reader scrolled up, and copies or
// saves what it shows as text.
import { useLayoutEffect, useRef, useState } from 'react'
import {
  type ConsoleSource,
  clockText,
  consoleText,
  LINE_KINDS,
  type LineKind,
  type LogLine,
} from './console-lines.ts'

/** How close to the bottom counts as "reading the newest lines". */
const STICK_PX = 24

function useStickToBottom(count: number) {
  const region = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  useLayoutEffect(() => {
    const element = region.current
    if (element && atBottom.current && count > 0) element.scrollTop = element.scrollHeight
  }, [count])
  const onScroll = () => {
    const element = region.current
    if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX
  }
  return { region, onScroll }
}

function save(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.click()
  URL.revokeObjectURL(url)
}

export function ConsolePanel({
  lines,
  sources,
  origin,
  filename,
  onClear,
}: {
  lines: readonly LogLine[]
  sources: readonly ConsoleSource[]
  /** Where the clock starts (server time, ms). */
  origin: number
  /** The package's name, for the saved file's name. */
  filename: string
  onClear(): void
}) {
  const [hidden, setHidden] = useState<ReadonlySet<LineKind>>(new Set())
  const [copied, setCopied] = useState(false)
  const shown = lines.filter((line) => !hidden.has(line.kind))
  const { region, onScroll } = useStickToBottom(shown.length)
  const text = () => consoleText(shown, sources, origin)
  const toggle = (kind: LineKind) =>
    setHidden((current) => {
      const next = new Set(current)
      if (!next.delete(kind)) next.add(kind)
      return next
    })

  return (
    <section className="console-panel" aria-labelledby="console-title">
      <div className="console-header">
        <h2 id="console-title">Console</h2>
        <div className="console-actions">
          <button
            type="button"
            className="button small"
            onClick={() =>
              navigator.clipboard.writeText(text()).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => save(text(), `${filename.replace(/\.zip$/i, '')}-console.txt`)}
          >
            Save
          </button>
          <button type="button" className="button small" onClick={onClear}>
            Clear
          </button>
        </div>
      </div>
      <fieldset className="console-filter">
        <legend className="visually-hidden">Show lines of kind</legend>
        {LINE_KINDS.map((kind) => (
          <label key={kind} className="inline">
            <input type="checkbox" checked={!hidden.has(kind)} onChange={() => toggle(kind)} /> {kind}
          </label>
        ))}
      </fieldset>
      {/* Focusable, so a keyboard can scroll it once it overflows (axe: scrollable-region-focusable). */}
      <div
        ref={region}
        onScroll={onScroll}
        className="console"
        role="log"
        aria-label="Console lines"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
        tabIndex={0}
        data-testid="workbench-console"
      >
        <table>
          <thead className={sources.length > 1 ? undefined : 'visually-hidden'}>
            <tr>
              <th scope="col">Time</th>
              {sources.map((source) => (
                <th key={source.id} scope="col">
                  {source.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <tr key={`${line.source}-${line.id}`} className={`line ${line.kind}`} data-source={line.source}>
                <td className="time">{clockText(line.at, origin)}</td>
                {sources.map((source) => (
                  <td key={source.id}>
                    {source.id === line.source && (
                      <>
                        <span className="kind">{line.kind}</span> {line.text}
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
