// The delivery-targets matrix: one row per rule of each target, fails first, each with what was
// measured, the limit and where the limit comes from. Filtered by target (the chips say each
// target's verdict); the deployment's targets by default, every known network on request. While
// the runtime audit runs, the matrix is asked for again every few seconds.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { TARGET_PROFILES } from '../../../shared/targets/profiles/index.ts'
import type { MatrixCell, TargetMatrix } from '../../../shared/targets/types.ts'
import { toApiError } from '../../api/api-error.ts'
import { useTRPC } from '../../api/trpc.ts'
import { VerdictIcon } from '../../layout/icons.tsx'
import { CreativeKindLine } from '../../targets/creative-kind-line.tsx'
import {
  AUDIT_WORDS,
  auditPending,
  STATUS_WORDS,
  VERDICT_WORDS,
  verdictIcon,
} from '../../targets/verdict-words.ts'
import type { WorkbenchPanelProps } from './panel.ts'
import '../../targets/targets.css'

const WHILE_AUDITING_MS = 3000
const EVERY_TARGET = TARGET_PROFILES.map((profile) => profile.id)

function Source({ cell }: { cell: MatrixCell }) {
  const { title, url, checked } = cell.source
  return (
    <span className="cell-source">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          {title}
        </a>
      ) : (
        title
      )}
      , checked {checked}
    </span>
  )
}

function Row({ cell, targetName }: { cell: MatrixCell; targetName: string | undefined }) {
  return (
    <tr className={cell.status} data-target={cell.target} data-rule={cell.rule}>
      <td className="cell-status">
        <span className="verdict-mark">
          <VerdictIcon status={cell.status} size={14} />
          {STATUS_WORDS[cell.status]}
        </span>
      </td>
      <td className="cell-rule">
        {targetName && <span className="cell-target">{targetName}: </span>}
        {cell.label}
        {(cell.status === 'fail' || cell.status === 'warn') && cell.advice && (
          <span className="cell-note">{cell.advice}</span>
        )}
        {cell.reason && <span className="cell-note">{cell.reason}</span>}
        <Source cell={cell} />
      </td>
      <td className="cell-figure" data-label="Measured">
        {cell.figure || '—'}
        {cell.estimate && <span className="cell-note">estimate before the runtime audit</span>}
      </td>
      <td className="cell-limit" data-label="Limit">
        {cell.limit}
      </td>
    </tr>
  )
}

function AuditLine({ audit }: { audit: TargetMatrix['audit'] }) {
  const watched = audit.windowMs ? ` (${audit.windowMs / 1000} s untouched, then tapped)` : ''
  return (
    <p className={`audit-line audit-${audit.state}`} role="status">
      {AUDIT_WORDS[audit.state]}
      {audit.state === 'done' ? watched : ''}
      {audit.message ? `: ${audit.message}` : ''}
    </p>
  )
}

export function TargetsPanel({ pkg }: WorkbenchPanelProps) {
  const trpc = useTRPC()
  const [everyTarget, setEveryTarget] = useState(false)
  const [shown, setShown] = useState<string | null>(null)
  const queryClient = useQueryClient()
  // A corrected kind changes what every target judges: the matrix and the list's badges ask again.
  const setKind = useMutation(
    trpc.packages.setKind.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.targets.pathKey() }),
    }),
  )
  const answer = useQuery({
    ...trpc.targets.matrix.queryOptions({
      uuid: pkg.uuid,
      ...(everyTarget ? { targets: EVERY_TARGET } : {}),
    }),
    refetchInterval: (query) =>
      auditPending(query.state.data?.matrix.audit.state ?? 'none') ? WHILE_AUDITING_MS : false,
  })
  if (answer.error) return <p className="banner error">{toApiError(answer.error).message}</p>
  if (!answer.data) return <p className="loading">Loading</p>
  const { matrix } = answer.data
  const names = new Map(matrix.targets.map((target) => [target.target, target.name]))
  const cells = shown ? matrix.cells.filter((cell) => cell.target === shown) : matrix.cells
  return (
    <div className="targets-panel">
      <AuditLine audit={matrix.audit} />
      {matrix.creative && (
        <CreativeKindLine
          creative={matrix.creative}
          onCorrect={(kind) => setKind.mutate({ uuid: pkg.uuid, kind })}
        />
      )}
      <fieldset className="target-filter">
        <legend className="visually-hidden">Show the rules of</legend>
        <button type="button" aria-pressed={shown === null} onClick={() => setShown(null)}>
          All targets
        </button>
        {matrix.targets.map((target) => (
          <button
            key={target.target}
            type="button"
            className={`target-chip ${target.verdict}`}
            aria-pressed={shown === target.target}
            onClick={() => setShown(shown === target.target ? null : target.target)}
          >
            <VerdictIcon status={verdictIcon(target.verdict)} size={14} />
            {target.name}
            <span className="visually-hidden">: {VERDICT_WORDS[target.verdict]}</span>
          </button>
        ))}
      </fieldset>
      <label className="every-target">
        <input
          type="checkbox"
          checked={everyTarget}
          onChange={(event) => {
            setEveryTarget(event.currentTarget.checked)
            setShown(null)
          }}
        />{' '}
        Every network ({EVERY_TARGET.length}), not only this deployment's
      </label>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard */}
      <section className="matrix-scroll" tabIndex={0} aria-label="Delivery-target rules">
        <table className="target-matrix">
          <thead>
            <tr>
              <th scope="col">Result</th>
              <th scope="col">Rule</th>
              <th scope="col">Measured</th>
              <th scope="col">Limit</th>
            </tr>
          </thead>
          <tbody>
            {cells.map((cell) => (
              <Row
                key={`${cell.target}/${cell.rule}`}
                cell={cell}
                targetName={shown ? undefined : names.get(cell.target)}
              />
            ))}
          </tbody>
        </table>
      </section>
      {shown && (matrix.targets.find((target) => target.target === shown)?.notCovered.length ?? 0) > 0 && (
        <p className="muted small">
          Not covered: {matrix.targets.find((target) => target.target === shown)?.notCovered.join(' ')}
        </p>
      )}
    </div>
  )
}
