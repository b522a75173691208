// "Share for review": a review link for one package or a campaign set (more packages added by
// name), with an expiry, an optional password, the devices and sizes the ads are shown at, and
// whether the reviewer sees the checks. The link is shown once, to copy or scan; the package's
// links are listed below it.
import * as Dialog from '@radix-ui/react-dialog'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { QRCodeSVG } from 'qrcode.react'
import { useId, useState } from 'react'
import type { Package } from '../../shared/api.ts'
import { PREVIEW_QR_SIZE } from '../../shared/constants.ts'
import { REVIEW_LIMITS, type ReviewLink } from '../../shared/review.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { packageLabel } from '../packages/package-label.ts'
import { copyText } from '../preview/copy-text.ts'
import { DEVICES } from '../workbench/devices.ts'
import { ReviewLinksList } from './review-links-list.tsx'
import { ShareSizes } from './share-sizes.tsx'
import './reviews.css'

const EXPIRY_CHOICES = [1, 7, REVIEW_LIMITS.defaultDays, 30, REVIEW_LIMITS.maxDays] as const

export function ShareDialog({
  pkg,
  onClose,
  onCloseAutoFocus,
}: {
  pkg: Package | null
  onClose(): void
  onCloseAutoFocus?(event: Event): void
}) {
  return (
    <Dialog.Root open={pkg !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog share-dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title>Share for review</Dialog.Title>
          {pkg && <ShareForm key={pkg.uuid} first={pkg} />}
          <Dialog.Close className="close-icon" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ShareForm({ first }: { first: Package }) {
  const id = useId()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<Package[]>([first])
  const [search, setSearch] = useState('')
  const [days, setDays] = useState<number>(REVIEW_LIMITS.defaultDays)
  const [password, setPassword] = useState('')
  const [showChecks, setShowChecks] = useState(false)
  const [devices, setDevices] = useState<string[]>([])
  const [sizes, setSizes] = useState<string[]>([])
  const [made, setMade] = useState<ReviewLink | null>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  const found = useQuery({
    ...trpc.packages.list.queryOptions({ search, limit: 8 }),
    enabled: search.trim() !== '',
  })
  const share = useMutation(
    trpc.reviews.share.mutationOptions({
      onSuccess: (link) => {
        setMade(link)
        void queryClient.invalidateQueries({ queryKey: trpc.reviews.pathKey() })
      },
    }),
  )
  const candidates = (found.data?.packages ?? []).filter((p) => !chosen.some((c) => c.uuid === p.uuid))

  if (made?.url) {
    const url = made.url
    return (
      <div className="share-made">
        <p>
          Send this link to the reviewers. It works until {new Date(made.expiresAt).toLocaleDateString('en')}
          {made.hasPassword && ', with the password you chose'}.
        </p>
        <p className="link-text" data-testid="review-url">
          {url}
        </p>
        <div className="qr">
          <QRCodeSVG value={url} size={PREVIEW_QR_SIZE} marginSize={2} title={`QR code of ${url}`} />
        </div>
        <div className="actions">
          <button
            type="button"
            className="button primary"
            onClick={async (event) => {
              const button = event.currentTarget
              setCopied(await copyText(url, button.parentElement ?? button))
              button.focus()
            }}
          >
            Copy link
          </button>
          <button type="button" className="button" onClick={() => window.open(url, '_blank', 'noopener')}>
            Open review page
          </button>
        </div>
        <p role="status">
          {copied === true ? 'Review link copied.' : copied === false ? 'Copy it from above.' : ''}
        </p>
        <h3>Review links of {first.filename}</h3>
        <ReviewLinksList filename={first.filename} />
      </div>
    )
  }

  return (
    <form
      className="share-form"
      onSubmit={(event) => {
        event.preventDefault()
        share.mutate({
          uuids: chosen.map((p) => p.uuid),
          expiresInDays: days,
          ...(password ? { password } : {}),
          showChecks,
          devices,
          sizes,
        })
      }}
    >
      <ul className="share-subjects" aria-label="Packages to review">
        {chosen.map((p) => (
          <li key={p.uuid}>
            <span className="subject">{packageLabel(p)}</span>
            {p.uuid !== first.uuid && (
              <button
                type="button"
                className="button small"
                onClick={() => setChosen(chosen.filter((c) => c.uuid !== p.uuid))}
              >
                Remove<span className="visually-hidden"> {packageLabel(p)}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <label className="field" htmlFor={`${id}-add`}>
        Add a package (a campaign set)
        <input
          id={`${id}-add`}
          type="search"
          placeholder="Part of a filename"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {candidates.length > 0 && (
        <ul className="share-candidates" aria-label="Packages found">
          {candidates.map((p) => (
            <li key={p.uuid}>
              <button
                type="button"
                className="button small"
                disabled={chosen.length >= REVIEW_LIMITS.packagesPerLink}
                onClick={() => setChosen([...chosen, p])}
              >
                Add<span className="visually-hidden"> {packageLabel(p)}</span>
              </button>{' '}
              {packageLabel(p)}
            </li>
          ))}
        </ul>
      )}
      <label className="field" htmlFor={`${id}-days`}>
        Link works for
        <select id={`${id}-days`} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {EXPIRY_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n === 1 ? '1 day' : `${n} days`}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-password`}>
        Password (optional)
        <input
          id={`${id}-password`}
          type="text"
          autoComplete="off"
          minLength={REVIEW_LIMITS.passwordChars.min}
          maxLength={REVIEW_LIMITS.passwordChars.max}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <fieldset className="share-devices">
        <legend>Devices (none chosen: the reviewer picks)</legend>
        {DEVICES.map((device) => (
          <label key={device.id} className="check">
            <input
              type="checkbox"
              checked={devices.includes(device.id)}
              disabled={!devices.includes(device.id) && devices.length >= REVIEW_LIMITS.devicesPerLink}
              onChange={(event) =>
                setDevices(
                  event.target.checked ? [...devices, device.id] : devices.filter((d) => d !== device.id),
                )
              }
            />
            {device.name}
          </label>
        ))}
      </fieldset>
      <ShareSizes sizes={sizes} onChange={setSizes} />
      <label className="check" htmlFor={`${id}-checks`}>
        <input
          id={`${id}-checks`}
          type="checkbox"
          checked={showChecks}
          onChange={(event) => setShowChecks(event.target.checked)}
        />
        Show the inspection warnings and the delivery targets' verdict to reviewers
      </label>
      {share.error && (
        <p className="banner error" role="alert">
          {toApiError(share.error).message}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button primary" disabled={share.isPending}>
          Create review link
        </button>
      </div>
      <h3>Review links of {first.filename}</h3>
      <ReviewLinksList filename={first.filename} />
    </form>
  )
}
