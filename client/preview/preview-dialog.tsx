import * as Dialog from '@radix-ui/react-dialog'
import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { Package } from '../../shared/api.ts'
import { PREVIEW_QR_SIZE, productTitle } from '../../shared/constants.ts'
import { workbenchRoute } from '../../shared/paths.ts'
import { useClientConfig } from '../config.ts'
import { copyText } from './copy-text.ts'

const COPIED_MESSAGE_MS = 4000

export function PreviewDialog({
  pkg,
  onClose,
  onCloseAutoFocus,
}: {
  pkg: Package | null
  onClose(): void
  onCloseAutoFocus(event: Event): void
}) {
  const config = useClientConfig()
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(null), COPIED_MESSAGE_MS)
    return () => clearTimeout(timer)
  }, [copied])

  return (
    <Dialog.Root
      open={pkg !== null}
      onOpenChange={(open) => {
        if (open) return
        setCopied(null)
        onClose()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog preview-dialog"
          aria-describedby="preview-scan"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title>Preview</Dialog.Title>
          {pkg && (
            <>
              <p className="subject dialog-subject" data-testid="preview-subject">
                {pkg.filename}
                {pkg.filename_version > 1 && <strong> ({pkg.filename_version})</strong>}
              </p>
              <div className="qr" data-testid="preview-qr">
                <QRCodeSVG
                  value={pkg.index_url}
                  size={PREVIEW_QR_SIZE}
                  marginSize={2}
                  title={`QR code of ${pkg.index_url}`}
                />
              </div>
              <p id="preview-scan">
                Scan with the {productTitle(config.productName)} client or iOS camera app.
              </p>
              <p className="or">OR</p>
              <p>Open preview in new window.</p>
              <div className="actions">
                <button
                  type="button"
                  className="button primary"
                  onClick={() => window.open(pkg.index_url, '_blank', 'noopener')}
                >
                  Open preview
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={async (event) => {
                    const button = event.currentTarget
                    const ok = await copyText(pkg.index_url, button.parentElement ?? button)
                    button.focus()
                    setCopied(ok ? 'copied' : 'failed')
                  }}
                >
                  Copy link
                </button>
              </div>
              <p className="copy-status" role="status">
                {copied === 'copied' && 'Preview link copied.'}
                {copied === 'failed' && (
                  <>
                    Copying is not allowed here: <span className="link-text">{pkg.index_url}</span>
                  </>
                )}
              </p>
              <p className="workbench-link">
                <Link href={workbenchRoute(pkg.uuid)}>Open in the QA workbench</Link>
              </p>
            </>
          )}
          <Dialog.Close className="close-icon" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
