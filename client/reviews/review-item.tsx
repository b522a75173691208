// One package on the review page: its newest version in a device frame at its declared size and
// at each size the sharer picked, marked new when the reviewers saw an earlier one, with a compare
// against the version the link showed before; what was said of this version; a comment
// (optionally pinned to a point of the ad at its declared size); Approve or Request changes.
// Comments are shown as text, never as HTML.
import { useState } from 'react'
import type { ReviewDecision, ReviewItem } from '../../shared/review.ts'
import { formatCreatedAt } from '../packages/format.ts'
import { badgeText } from '../targets/verdict-words.ts'
import type { Device } from '../workbench/devices.ts'
import { postComment, postDecision } from './review-api.ts'
import { ReviewCompare } from './review-compare.tsx'
import { type Pin, ReviewFrame } from './review-frame.tsx'
import { DECISION_WORDS } from './review-words.ts'
import type { Reviewer } from './reviewer.ts'

export function ReviewItemCard({
  secret,
  item,
  device,
  sizes,
  reviewer,
  onSaid,
}: {
  secret: string
  item: ReviewItem
  device: Device
  /** Sizes the sharer picked, each ad shown at them besides its declared size. */
  sizes: string[]
  /** Null until the reviewer has said who they are. */
  reviewer: Reviewer | null
  onSaid(): void
}) {
  const [text, setText] = useState('')
  const [pinning, setPinning] = useState(false)
  const [pin, setPin] = useState<Pin | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [comparing, setComparing] = useState(false)
  const headingId = `review-${item.versionId}`

  async function say(work: () => Promise<unknown>) {
    setBusy(true)
    setProblem(null)
    try {
      await work()
      onSaid()
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  const decide = (decision: ReviewDecision) =>
    reviewer && say(() => postDecision(secret, { ...reviewer, versionId: item.versionId, decision }))

  const latest = item.decisions.at(-1)
  const previous = comparing ? item.previous : null
  const extraSizes = sizes.filter((size) => size !== item.adSize)
  const declared = (
    <ReviewFrame
      item={item}
      device={device}
      pinning={pinning}
      onPin={(picked) => {
        setPin(picked)
        setPinning(false)
      }}
    />
  )
  return (
    <article
      className={previous ? 'review-item comparing' : 'review-item'}
      aria-labelledby={headingId}
      data-filename={item.filename}
    >
      <h2 id={headingId}>
        {item.filename} {item.isNew && <span className="badge new">New version</span>}
      </h2>
      <p className="muted">
        Version {item.version} · {formatCreatedAt(item.createdAt)}
        {item.adSize && ` · ${item.adSize}`}
        {latest && (
          <>
            {' · '}
            <strong className={`review-${latest.decision}`}>
              {latest.name} {DECISION_WORDS[latest.decision]}
            </strong>
          </>
        )}
      </p>
      {item.previous && (
        <button
          type="button"
          className="button small"
          aria-expanded={comparing}
          onClick={() => setComparing(!comparing)}
        >
          {comparing ? 'Back to this version' : 'Compare with the previous version'}
          <span className="visually-hidden"> of {item.filename}</span>
        </button>
      )}
      {previous ? (
        <ReviewCompare item={item} previous={previous} device={device} />
      ) : extraSizes.length === 0 ? (
        declared
      ) : (
        <div className="review-sizes">
          <figure>
            <figcaption>
              {item.adSize ? `${item.adSize} (its own size)` : 'Full screen (no declared size)'}
            </figcaption>
            {declared}
          </figure>
          {extraSizes.map((size) => (
            <figure key={size}>
              <figcaption>{size}</figcaption>
              <ReviewFrame
                item={{ ...item, adSize: size, comments: [] }}
                device={device}
                title={`${item.filename} at ${size}`}
              />
            </figure>
          ))}
        </div>
      )}
      {!previous && item.targets && (
        <p className={`review-targets verdict-${item.targets.verdict}`} data-verdict={item.targets.verdict}>
          {badgeText(item.targets)}
          {item.targets.failing.length > 0 && `: ${item.targets.failing.join(', ')}`}
        </p>
      )}
      {!previous && item.warnings && item.warnings.length > 0 && (
        <ul className="review-warnings" aria-label="Inspection warnings">
          {item.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {item.comments.length > 0 && (
        <ol className="review-comments" aria-label={`Comments on ${item.filename}`}>
          {item.comments.map((comment) => (
            <li key={comment.id}>
              <strong>{comment.name}</strong> <span className="muted">{formatCreatedAt(comment.at)}</span>
              {comment.pin && <span className="muted"> · pinned</span>}
              <p>{comment.text}</p>
            </li>
          ))}
        </ol>
      )}
      {reviewer && (
        <form
          className="review-say"
          onSubmit={(event) => {
            event.preventDefault()
            void say(async () => {
              await postComment(secret, {
                ...reviewer,
                versionId: item.versionId,
                text,
                ...(pin ? { pin } : {}),
              })
              setText('')
              setPin(null)
            })
          }}
        >
          <label className="field">
            Comment on {item.filename}
            <textarea
              value={text}
              maxLength={2000}
              rows={3}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <div className="actions">
            <button
              type="button"
              className="button small"
              aria-pressed={pinning}
              // A pin points into this version at its own size, which a compare does not show.
              disabled={previous !== null}
              onClick={() => setPinning(!pinning)}
            >
              {pin ? 'Point picked: pick again' : pinning ? 'Click the ad' : 'Pin to a point'}
            </button>
            <button type="submit" className="button small" disabled={busy || text.trim() === ''}>
              Comment
            </button>
          </div>
          <div className="actions decision">
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() => decide('approved')}
            >
              Approve<span className="visually-hidden"> {item.filename}</span>
            </button>
            <button
              type="button"
              className="button danger"
              disabled={busy}
              onClick={() => decide('changes-requested')}
            >
              Request changes<span className="visually-hidden"> to {item.filename}</span>
            </button>
          </div>
          {problem && (
            <p className="banner error" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </article>
  )
}
