import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Package } from '../../shared/api.ts'
import { DEFAULT_PAGE_SIZE } from '../../shared/package-list-choices.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { useClientConfig } from '../config.ts'
import { lazyPart } from '../layout/lazy-part.tsx'
import { returnFocus } from '../layout/return-focus.ts'
import { CONTENT_ID } from '../layout/skip-link.tsx'
import { useReviewStates } from '../reviews/use-review-states.ts'
import { useTargetBadges } from '../targets/use-target-badges.ts'
import { ListToolbar } from './list-toolbar.tsx'
import { isFiltered, NO_FILTERS, useListView } from './list-view.ts'
import { packageLabel } from './package-label.ts'
import { PackageTable } from './package-table.tsx'
import { type UndoOffer, UndoToast } from './undo-toast.tsx'
import { useListCache, usePackageList } from './use-package-list.ts'

const PreviewDialog = lazyPart(
  () => import('../preview/preview-dialog.tsx'),
  'PreviewDialog',
  ({ pkg }) => pkg !== null,
)
const ShareDialog = lazyPart(
  () => import('../reviews/share-dialog.tsx'),
  'ShareDialog',
  ({ pkg }) => pkg !== null,
)
const DeleteDialog = lazyPart(
  () => import('./delete-dialog.tsx'),
  'DeleteDialog',
  ({ pkg }) => pkg !== null,
)

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`

export function PackageList({ justAddedId }: { justAddedId: number | undefined }) {
  const trpc = useTRPC()
  const config = useClientConfig()
  const [view, setView] = useListView()
  const { list, items, total, adSizes } = usePackageList(view)
  const badges = useTargetBadges(items.map((pkg) => pkg.uuid))
  const reviews = useReviewStates(items.map((pkg) => pkg.uuid))
  const cache = useListCache()
  const [previewing, setPreviewing] = useState<Package | null>(null)
  const [deleting, setDeleting] = useState<Package | null>(null)
  const [sharing, setSharing] = useState<Package | null>(null)
  const [undo, setUndo] = useState<(UndoOffer & { uuid: string }) | null>(null)
  const [restoredLabel, setRestoredLabel] = useState<string | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [focusAfterRestore, setFocusAfterRestore] = useState<string | null>(null)
  const remove = useMutation(trpc.packages.delete.mutationOptions())
  const restore = useMutation(trpc.packages.restore.mutationOptions())
  const filtered = isFiltered(view)
  const allPackages = adSizes.reduce((sum, size) => sum + size.count, 0)

  // A restored package is back where it was once the list has it: focus goes to the control that deleted it.
  useEffect(() => {
    if (!focusAfterRestore || !items.some((pkg) => pkg.uuid === focusAfterRestore)) return
    document.querySelector<HTMLElement>(`tr[data-uuid="${focusAfterRestore}"] .icon-button`)?.focus()
    setFocusAfterRestore(null)
  }, [focusAfterRestore, items])

  const expireUndo = useCallback((hadFocus: boolean) => {
    setUndo(null)
    // Undo had the focus and is gone: the list's heading takes it (the page when the list is empty).
    if (hadFocus) (document.getElementById('packages-title') ?? document.getElementById(CONTENT_ID))?.focus()
  }, [])

  function confirmDelete(pkg: Package) {
    setDeleting(null)
    setRestoredLabel(null)
    remove.mutate(
      { uuid: pkg.uuid },
      {
        onSuccess: ({ uuid, undoUntil }) => {
          // As the product spec's package list has it: a deleted package is removed by uuid.
          cache.removed(uuid)
          setUndo({ uuid, label: packageLabel(pkg), until: Date.parse(undoUntil) })
        },
      },
    )
  }

  function undoDelete(offer: UndoOffer & { uuid: string }) {
    restore.mutate(
      { uuid: offer.uuid },
      {
        onSuccess: () => {
          setUndo(null)
          setRestoredLabel(offer.label)
          setFocusAfterRestore(offer.uuid)
          void cache.refresh()
        },
        onError: () => setUndo(null),
      },
    )
  }

  const failure = list.error && (
    <div className="banner error" role="alert">
      <strong>Failed to fetch packages</strong>
      <p>{toApiError(list.error).message}</p>
      <button type="button" className="button small retry" onClick={() => void list.refetch()}>
        Retry
      </button>
    </div>
  )
  const toasts = (
    <div className="toast-region" role="status">
      {undo && (
        <UndoToast
          offer={undo}
          restoring={restore.isPending}
          onUndo={() => undoDelete(undo)}
          onExpire={expireUndo}
        />
      )}
      {restoredLabel && !undo && (
        <div className="toast">
          Restored <span className="subject">{restoredLabel}</span>.
        </div>
      )}
    </div>
  )
  const mutationError = remove.error ?? restore.error
  const dialogs = (
    <>
      <PreviewDialog
        pkg={previewing}
        onClose={() => setPreviewing(null)}
        onCloseAutoFocus={returnFocus(() => opener.current)}
      />
      <DeleteDialog
        pkg={deleting}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={returnFocus(() => opener.current)}
        onConfirm={confirmDelete}
      />
      <ShareDialog
        pkg={sharing}
        onClose={() => setSharing(null)}
        onCloseAutoFocus={returnFocus(() => opener.current)}
      />
    </>
  )

  if (list.isPending)
    return failure ? (
      failure
    ) : (
      <p className="loading" role="status">
        Loading
      </p>
    )
  // The product spec hides the list when it is empty; a hint stands in its place, without its heading.
  if (total === 0 && !filtered && !list.isPlaceholderData)
    return (
      <>
        {failure}
        <p className="empty-hint muted">No packages yet: the first .zip you drop above is listed here.</p>
        {toasts}
        {dialogs}
      </>
    )

  return (
    <>
      <section className="packages" aria-labelledby="packages-title">
        <div className="packages-header">
          <h2 id="packages-title" tabIndex={-1}>
            Packages
          </h2>
          <p className="count" data-testid="package-count">
            {filtered
              ? `${total.toLocaleString('en')} of ${count(allPackages, 'package', 'packages')} match`
              : count(total, 'package', 'packages')}
          </p>
          {list.isPlaceholderData && (
            <span className="loading small" role="status">
              Loading
            </span>
          )}
        </div>
        <ListToolbar view={view} onChange={setView} adSizes={adSizes} targets={config.defaultTargets} />
        {failure}
        {mutationError && (
          <div className="banner error" role="alert">
            {toApiError(mutationError).message}
          </div>
        )}
        {items.length > 0 ? (
          <PackageTable
            items={items}
            justAddedId={justAddedId}
            badges={badges}
            reviews={reviews}
            actions={{
              preview(pkg, from) {
                opener.current = from
                setPreviewing(pkg)
              },
              delete(pkg, from) {
                opener.current = from
                setDeleting(pkg)
              },
              share(pkg, from) {
                opener.current = from
                setSharing(pkg)
              },
            }}
          />
        ) : (
          <div className="no-match">
            <p>No package matches this search.</p>
            <button type="button" className="button small" onClick={() => setView(NO_FILTERS)}>
              Show all packages
            </button>
          </div>
        )}
        {list.hasNextPage && (
          <div className="more">
            <span className="muted">
              Showing {items.length.toLocaleString('en')} of {total.toLocaleString('en')}
            </span>
            <button
              type="button"
              className="button"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage
                ? 'Loading'
                : `Show ${Math.min(DEFAULT_PAGE_SIZE, total - items.length).toLocaleString('en')} more`}
            </button>
          </div>
        )}
      </section>
      {toasts}
      {dialogs}
    </>
  )
}
