// The review page a review link opens: no account. The ads of the link on the device the sharer
// picked (or the reviewer chooses), a QR code to open the same page on a phone, and, once the
// reviewer has said who they are, comments and decisions. A link with a password asks for it.
import { QRCodeSVG } from 'qrcode.react'
import { useCallback, useEffect, useId, useState } from 'react'
import { useParams } from 'wouter'
import type { ReviewView } from '../../shared/review.ts'
import { DEVICES } from '../workbench/devices.ts'
import { loadReview, ReviewCallError, unlockReview } from './review-api.ts'
import { ReviewItemCard } from './review-item.tsx'
import { useReviewer } from './reviewer.ts'
import './reviews.css'

type Loaded = { view: ReviewView } | { locked: true } | { problem: string } | null

export function ReviewPage() {
  const { secret = '' } = useParams<{ secret: string }>()
  const id = useId()
  const [loaded, setLoaded] = useState<Loaded>(null)
  const [reviewer, setReviewer] = useReviewer()
  const [draft, setDraft] = useState(reviewer)
  const [deviceId, setDeviceId] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      setLoaded({ view: await loadReview(secret) })
    } catch (error) {
      if (error instanceof ReviewCallError && error.status === 401) setLoaded({ locked: true })
      else setLoaded({ problem: error instanceof Error ? error.message : String(error) })
    }
  }, [secret])
  useEffect(() => {
    void load()
  }, [load])

  if (loaded === null)
    return (
      <p className="loading" role="status">
        Loading
      </p>
    )
  if ('problem' in loaded)
    return (
      <section className="review-page">
        <h1>Review</h1>
        <p className="banner error" role="alert">
          {loaded.problem}
        </p>
      </section>
    )
  if ('locked' in loaded)
    return (
      <section className="review-page">
        <h1>Review</h1>
        <form
          className="review-unlock"
          onSubmit={async (event) => {
            event.preventDefault()
            try {
              await unlockReview(secret, password)
              setPasswordProblem(null)
              await load()
            } catch (error) {
              setPasswordProblem(error instanceof Error ? error.message : String(error))
            }
          }}
        >
          <label className="field">
            This review link needs its password.
            <input
              type="password"
              value={password}
              autoComplete="off"
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button type="submit" className="button primary">
            Open
          </button>
          {passwordProblem && (
            <p className="banner error" role="alert">
              {passwordProblem}
            </p>
          )}
        </form>
      </section>
    )

  const { view } = loaded
  const picked = DEVICES.filter((d) => view.devices.includes(d.id))
  const offered = picked.length > 0 ? picked : DEVICES
  const device = offered.find((d) => d.id === deviceId) ?? offered[0] ?? DEVICES[0]
  const known = reviewer.name !== '' && reviewer.email !== ''
  return (
    <section className="review-page" aria-labelledby={`${id}-title`}>
      <header className="review-header">
        <div>
          <h1 id={`${id}-title`}>Review</h1>
          <p>
            {view.items.length === 1 ? '1 ad' : `${view.items.length} ads`}
            {view.sharedBy && ` shared by ${view.sharedBy}`}, until{' '}
            {new Date(view.expiresAt).toLocaleDateString('en')}.
          </p>
          <label className="field" htmlFor={`${id}-device`}>
            Device
            <select
              id={`${id}-device`}
              value={device?.id}
              onChange={(event) => setDeviceId(event.target.value)}
            >
              {offered.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <details className="review-phone">
          <summary>Open on a phone</summary>
          <QRCodeSVG
            value={window.location.href}
            size={160}
            marginSize={2}
            title="QR code of this review page"
          />
        </details>
      </header>
      {known ? (
        <p className="muted review-as">
          Reviewing as {reviewer.name} ({reviewer.email}).{' '}
          <button type="button" className="link-button" onClick={() => setReviewer({ name: '', email: '' })}>
            Not you?
          </button>
        </p>
      ) : (
        <form
          className="review-who"
          onSubmit={(event) => {
            event.preventDefault()
            setReviewer({ name: draft.name.trim(), email: draft.email.trim() })
          }}
        >
          <p>To comment or decide, say who you are (no account needed).</p>
          <label className="field">
            Name
            <input
              required
              maxLength={100}
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </label>
          <label className="field">
            Email
            <input
              required
              type="email"
              maxLength={200}
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
          </label>
          <button type="submit" className="button primary">
            Start reviewing
          </button>
        </form>
      )}
      {view.items.length === 0 && <p className="muted">The ads of this link have been removed.</p>}
      <div className="review-items">
        {device &&
          view.items.map((item) => (
            <ReviewItemCard
              key={item.versionId}
              secret={secret}
              item={item}
              device={device}
              sizes={view.sizes}
              reviewer={known ? reviewer : null}
              onSaid={() => void load()}
            />
          ))}
      </div>
    </section>
  )
}
