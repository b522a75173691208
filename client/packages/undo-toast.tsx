// After a delete: what was deleted, and Undo until the server removes it for good. It is shown
// inside a live region that is always there, so the message is announced when it appears.
import { useEffect, useRef } from 'react'

export interface UndoOffer {
  /** What the message names ('x.zip (version 2)'). */
  label: string
  /** When the server removes it for good (epoch milliseconds). */
  until: number
}

/** Undo disappears this long before the server's deadline, so a click never arrives too late. */
const MARGIN_MS = 1000

export function UndoToast({
  offer,
  restoring,
  onUndo,
  onExpire,
}: {
  offer: UndoOffer
  restoring: boolean
  onUndo(): void
  /** The offer ran out; `hadFocus` says whether Undo had the keyboard's focus then. */
  onExpire(hadFocus: boolean): void
}) {
  const undo = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    undo.current?.focus()
    const timer = setTimeout(
      () => onExpire(document.activeElement === undo.current),
      Math.max(0, offer.until - Date.now() - MARGIN_MS),
    )
    return () => clearTimeout(timer)
  }, [offer, onExpire])

  return (
    <div className="toast" data-testid="undo-toast">
      <span>
        Deleted <span className="subject">{offer.label}</span>.
      </span>
      <button ref={undo} type="button" className="button small" disabled={restoring} onClick={onUndo}>
        Undo
      </button>
    </div>
  )
}
