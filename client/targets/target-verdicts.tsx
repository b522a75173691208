// The verdict per delivery target, with what fails or warns under each: shown with the
// browser's inspection before upload and at the top of the workbench's targets panel.
import type { MatrixCell, TargetMatrix } from '../../shared/targets/types.ts'
import { VerdictIcon } from '../layout/icons.tsx'
import { VERDICT_WORDS } from './verdict-words.ts'
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

export function TargetVerdicts({ matrix, note }: { matrix: TargetMatrix; note?: string }) {
  return (
    <div className="target-verdicts">
      <ul className="target-list">
        {matrix.targets.map((target) => {
          const problems = matrix.cells.filter(
            (cell) => cell.target === target.target && (cell.status === 'fail' || cell.status === 'warn'),
          )
          return (
            <li key={target.target} className={`target-line ${target.verdict}`} data-target={target.target}>
              <span className="verdict-mark">
                <VerdictIcon status={target.verdict} />
                {VERDICT_WORDS[target.verdict]}
              </span>{' '}
              <span className="target-name">{target.name}</span>
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
