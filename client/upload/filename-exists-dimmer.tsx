import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef } from 'react'
import { inertOthers } from '../layout/inert-others.ts'

interface Props {
  filename: string
  onReplace(): void
  onKeepBoth(): void
  onCancel(): void
  /** Where focus goes when the question closes, however it closes: the drop zone that opened it. */
  returnFocusTo(): HTMLElement | null
}

/**
 * Covers the upload area, its status line included, when the name is taken: replace,
 * keep both, or cancel by a click outside, the close icon or Escape. A modal dialog kept in
 * place (no portal): focus stays inside it and starts on Keep both, the choice that loses nothing.
 */
export function FilenameExistsDimmer({ filename, onReplace, onKeepBoth, onCancel, returnFocusTo }: Props) {
  const keepBoth = useRef<HTMLButtonElement>(null)
  const dimmer = useRef<HTMLDivElement>(null)
  useEffect(() => (dimmer.current ? inertOthers(dimmer.current) : undefined), [])
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <div className="dimmer" data-testid="filename-exists-dimmer" ref={dimmer}>
        <Dialog.Content
          className="dimmer-box"
          role="alertdialog"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            keepBoth.current?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo()?.focus()
          }}
        >
          <Dialog.Close className="close-icon" aria-label="Cancel upload">
            ×
          </Dialog.Close>
          <Dialog.Title asChild>
            <p>
              Filename already exists: <strong>{filename}</strong>
            </p>
          </Dialog.Title>
          <div className="actions">
            <button type="button" className="button danger" onClick={onReplace}>
              Replace
            </button>
            <button ref={keepBoth} type="button" className="button success" onClick={onKeepBoth}>
              Keep both
            </button>
          </div>
        </Dialog.Content>
      </div>
    </Dialog.Root>
  )
}
