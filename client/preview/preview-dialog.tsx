import * as Dialog from '@radix-ui/react-dialog'
import { QRCodeSVG } from 'qrcode.react'
import { Link } from 'wouter'
import type { Package } from '../../shared/api.ts'
import { PREVIEW_QR_SIZE } from '../../shared/constants.ts'
import { productTitle, useClientConfig } from '../config.ts'

export function PreviewDialog({ pkg, onClose }: { pkg: Package | null; onClose(): void }) {
  const config = useClientConfig()
  return (
    <Dialog.Root open={pkg !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog preview-dialog" aria-describedby="preview-scan">
          <Dialog.Title>Preview</Dialog.Title>
          {pkg && (
            <>
              <div className="qr" data-testid="preview-qr">
                <QRCodeSVG
                  value={pkg.index_url}
                  size={PREVIEW_QR_SIZE}
                  marginSize={2}
                  title={`QR code of ${pkg.index_url}`}
                />
              </div>
              <p id="preview-scan">Scan with the {productTitle(config)} client or iOS camera app.</p>
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
              </div>
              <p className="workbench-link">
                <Link href={`/workbench/${pkg.uuid}`}>Open in the QA workbench</Link>
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
