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
      <ol className="console" aria-live="polite" data-testid="workbench-console">
        {log.map((line) => (
          <li key={line.id} className={`line ${line.kind}`}>
            <span className="kind">{line.kind}</span> {line.text}
          </li>
        ))}
      </ol>
    </>
  )
}
