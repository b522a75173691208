// The live console of one run: MRAID calls, events, errors, console output, requests.
import type { LogLine } from './use-host-run.ts'

export function ConsolePanel({ log, onClear }: { log: LogLine[]; onClear(): void }) {
  return (
    <>
      <div className="console-header">
        <h2>Console</h2>
        <button type="button" className="button small" onClick={onClear}>
          Clear
        </button>
      </div>
      {/* Focusable, so a keyboard can scroll it once it overflows (axe: scrollable-region-focusable). */}
      <ol
        className="console"
        aria-live="polite"
        aria-label="Console"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
        tabIndex={0}
        data-testid="workbench-console"
      >
        {log.map((line) => (
          <li key={line.id} className={`line ${line.kind}`}>
            <span className="kind">{line.kind}</span> {line.text}
          </li>
        ))}
      </ol>
    </>
  )
}
