import { useEffect, useRef } from 'react'

interface Props {
  filename: string
  onReplace(): void
  onKeepBoth(): void
  onCancel(): void
}

/** Covers the upload area when the name is taken (spec 2): replace, keep both, or cancel. */
export function FilenameExistsDimmer({ filename, onReplace, onKeepBoth, onCancel }: Props) {
  const firstButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    firstButton.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onCancel])

  return (
    // A click on the dimmer itself (outside the box) cancels, as Escape does.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on window above
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control; the box holds the controls
    <div
      className="dimmer"
      data-testid="filename-exists-dimmer"
      onClick={(event) => event.target === event.currentTarget && onCancel()}
    >
      <div
        className="dimmer-box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="filename-exists-title"
      >
        <button type="button" className="close-icon" aria-label="Cancel upload" onClick={onCancel}>
          ×
        </button>
        <p id="filename-exists-title">
          Filename already exists: <strong>{filename}</strong>
        </p>
        <div className="actions">
          <button ref={firstButton} type="button" className="button danger" onClick={onReplace}>
            Replace
          </button>
          <button type="button" className="button success" onClick={onKeepBoth}>
            Keep both
          </button>
        </div>
      </div>
    </div>
  )
}
