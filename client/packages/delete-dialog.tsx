import * as AlertDialog from '@radix-ui/react-alert-dialog'
import type { Package } from '../../shared/api.ts'

export function DeleteDialog({
  pkg,
  onConfirm,
  onCancel,
}: {
  pkg: Package | null
  onConfirm(uuid: string): void
  onCancel(): void
}) {
  return (
    <AlertDialog.Root open={pkg !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete package?</AlertDialog.Title>
          <AlertDialog.Description>
            {pkg?.filename} will be removed, with its preview and download links.
          </AlertDialog.Description>
          <div className="actions">
            <AlertDialog.Cancel className="button">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="button danger" onClick={() => pkg && onConfirm(pkg.uuid)}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
