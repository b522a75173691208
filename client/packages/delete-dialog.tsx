import * as AlertDialog from '@radix-ui/react-alert-dialog'
import type { Package } from '../../shared/api.ts'
import { packageLabel } from './package-label.ts'

export function DeleteDialog({
  pkg,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  pkg: Package | null
  onConfirm(pkg: Package): void
  onCancel(): void
  onCloseAutoFocus(event: Event): void
}) {
  return (
    <AlertDialog.Root open={pkg !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog" onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title>Delete package?</AlertDialog.Title>
          <AlertDialog.Description>
            <span className="subject">{pkg && packageLabel(pkg)}</span> will be removed, with its preview and
            download links.
          </AlertDialog.Description>
          <div className="actions">
            <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="button danger" onClick={() => pkg && onConfirm(pkg)}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
