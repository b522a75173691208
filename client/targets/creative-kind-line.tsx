// The kind the targets judged a creative as (display banner, interstitial, expandable, or
// playable), whether it was inferred or set by a user, and the evidence a person can check.
import { useId } from 'react'
import { CREATIVE_KINDS, type CreativeKind, KIND_LABELS } from '../../shared/inspector/creative-kind.ts'
import type { TargetMatrix } from '../../shared/targets/types.ts'

export function CreativeKindLine({
  creative,
  onCorrect,
}: {
  creative: NonNullable<TargetMatrix['creative']>
  /** Present where a user may correct the kind (the workbench); null goes back to the inferred one. */
  onCorrect?: (kind: CreativeKind | null) => void
}) {
  const id = useId()
  const corrected = creative.kind !== creative.inferred
  return (
    <div className="creative-kind">
      <p className="kind-line">
        {onCorrect ? (
          <>
            <label htmlFor={id}>Kind</label>{' '}
            <select
              id={id}
              value={creative.kind}
              onChange={(event) => {
                const kind = event.currentTarget.value as CreativeKind
                onCorrect(kind === creative.inferred ? null : kind)
              }}
            >
              {CREATIVE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                  {kind === creative.inferred ? ' (inferred)' : ''}
                </option>
              ))}
            </select>
          </>
        ) : (
          <>
            Kind: <strong data-testid="creative-kind">{KIND_LABELS[creative.kind]}</strong>
          </>
        )}{' '}
        <span className="muted small">
          {corrected ? `set by a user; inferred: ${KIND_LABELS[creative.inferred]}` : 'inferred'}
        </span>
      </p>
      <ul className="kind-evidence muted small" aria-label="Why this kind">
        {creative.evidence.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  )
}
