// The verdict per delivery target, with what fails or warns under each: shown with the
// browser's inspection before upload and at the top of the workbench's targets panel.
import type { CreativeKind } from '../../shared/inspector/creative-kind.ts'
import type { MatrixCell, TargetMatrix } from '../../shared/targets/types.ts'
import { VerdictIcon } from '../layout/icons.tsx'
import { CreativeKindLine } from './creative-kind-line.tsx'
import { VERDICT_WORDS, verdictIcon } from './verdict-words.ts'
import './targets.css'

function Problem({ cell }: { cell: MatrixCell }) {
  return (
    <li className={`target-problem ${cell.status}`}>
      {cell.label}: <strong>{cell.figure || '—'}</strong>
      {cell.limit && <span className="muted"> (limit: {cell.limit})</span>}
      {cell.estimate && <span className="muted"> · estimate</span>}
    </li>
  )
}

export function TargetVerdicts({
  matrix,
  note,
  onCorrectKind,
}: {
  matrix: TargetMatrix
  note?: string
  onCorrectKind?: (kind: CreativeKind | null) => void
}) {
  // Nothing could be measured (not a readable, safe zip): no target has a verdict to give.
  if (matrix.targets.length === 0 && !matrix.creative) return null
  return (
    <div className="target-verdicts">
      {matrix.creative && <CreativeKindLine creative={matrix.creative} onCorrect={onCorrectKind} />}
      <ul className="target-list">
        {matrix.targets.map((target) => {
          const problems = matrix.cells.filter(
            (cell) => cell.target === target.target && (cell.status === 'fail' || cell.status === 'warn'),
          )
          return (
            <li key={target.target} className={`target-line ${target.verdict}`} data-target={target.target}>
              <span className="verdict-mark">
                <VerdictIcon status={verdictIcon(target.verdict)} />
                {VERDICT_WORDS[target.verdict]}
              </span>{' '}
              <span className="target-name">{target.name}</span>
              {target.reason && <p className="muted small target-reason">{target.reason}</p>}
              {problems.length > 0 && (
                <ul className="target-problems">
                  {problems.map((cell) => (
                    <Problem key={cell.rule} cell={cell} />
                  ))}
                </ul>
              )}
            </li>
          )
        })}
      </ul>
      {note && <p className="muted small">{note}</p>}
    </div>
  )
}
