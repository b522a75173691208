import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Package, PackageList as PackageListAnswer } from '../../shared/api.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { returnFocus } from '../layout/return-focus.ts'
import { CONTENT_ID } from '../layout/skip-link.tsx'
import { PreviewDialog } from '../preview/preview-dialog.tsx'
import { useTargetBadges } from '../targets/use-target-badges.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { PackageRow, type RowActions } from './package-row.tsx'

export function PackageList({ justAddedId }: { justAddedId: number | undefined }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const list = useQuery(trpc.packages.list.queryOptions())
  const [previewing, setPreviewing] = useState<Package | null>(null)
  const [deleting, setDeleting] = useState<Package | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const remove = useMutation(
    trpc.packages.delete.mutationOptions({
      // Spec 4 "Package list": a deleted package is removed by uuid.
      onSuccess: ({ uuid }) =>
        queryClient.setQueryData<PackageListAnswer>(trpc.packages.list.queryKey(), (old) =>
          old ? { packages: old.packages.filter((pkg) => pkg.uuid !== uuid) } : old,
        ),
    }),
  )
  const items = list.data?.packages ?? []
  const badges = useTargetBadges(items.map((pkg) => pkg.uuid))

  if (list.error) {
    return (
      <div className="banner error" role="alert">
        <strong>Failed to fetch packages</strong>
        <p>{toApiError(list.error).message}</p>
        <button type="button" className="button small retry" onClick={() => void list.refetch()}>
          Retry
        </button>
      </div>
    )
  }
  if (list.isFetching && items.length === 0)
    return (
      <p className="loading" role="status">
        Loading
      </p>
    )
  // Spec 2: the list is hidden when empty; the hint stands in its place, without its heading.
  if (items.length === 0)
    return <p className="empty-hint muted">No packages yet: the first .zip you drop above is listed here.</p>

  const actions: RowActions = {
    preview(pkg, from) {
      opener.current = from
      setPreviewing(pkg)
    },
    delete(pkg, from) {
      opener.current = from
      setDeleting(pkg)
    },
  }
  /** After a delete the opener's row is gone: the next row's delete button (or the previous one's). */
  const neighbourOfDeleted = (): HTMLElement | null => {
    const row = opener.current?.closest('tr')
    const next = row?.nextElementSibling ?? row?.previousElementSibling
    return (
      next?.querySelector<HTMLElement>('.icon-button') ??
      document.getElementById('packages-title') ??
      document.getElementById(CONTENT_ID)
    )
  }

  return (
    <section className="packages" aria-labelledby="packages-title">
      <div className="packages-header">
        <h2 id="packages-title" tabIndex={-1}>
          Packages
        </h2>
        {list.isFetching && (
          <span className="loading small" role="status">
            Loading
          </span>
        )}
      </div>
      {remove.error && (
        <div className="banner error" role="alert">
          {toApiError(remove.error).message}
        </div>
      )}
      <table className="package-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Thumbnail</span>
            </th>
            <th scope="col">Filename</th>
            <th scope="col">Status</th>
            <th scope="col">Ad size</th>
            <th scope="col">File size</th>
            <th scope="col">Created at</th>
            <th scope="col">Uploaded by</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((pkg) => (
            <PackageRow
              key={pkg.id}
              pkg={pkg}
              justAdded={pkg.id === justAddedId}
              badge={badges[pkg.uuid]}
              actions={actions}
            />
          ))}
        </tbody>
      </table>
      <PreviewDialog
        pkg={previewing}
        onClose={() => setPreviewing(null)}
        onCloseAutoFocus={returnFocus(() => opener.current)}
      />
      <DeleteDialog
        pkg={deleting}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={returnFocus(() => opener.current)}
        onConfirm={(pkg) => {
          setDeleting(null)
          remove.mutate(
            { uuid: pkg.uuid },
            {
              // Focus was given back to the trash button; its row is about to go.
              onSuccess: () => {
                const target = neighbourOfDeleted()
                requestAnimationFrame(() => target?.focus())
              },
            },
          )
        }}
      />
    </section>
  )
}
