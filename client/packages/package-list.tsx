import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Package, PackageList as PackageListAnswer } from '../../shared/api.ts'
import { THUMBNAIL_SIZE } from '../../shared/constants.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { PreviewDialog } from '../preview/preview-dialog.tsx'
import { DeleteDialog } from './delete-dialog.tsx'
import { formatCreatedAt, formatFileSize } from './format.ts'

function TrashIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path
        d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function PackageList() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const list = useQuery(trpc.packages.list.queryOptions())
  const [previewing, setPreviewing] = useState<Package | null>(null)
  const [deleting, setDeleting] = useState<Package | null>(null)
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

  if (list.error) {
    return (
      <div className="banner error" role="alert">
        <strong>Failed to fetch packages</strong>
        <p>{toApiError(list.error).message}</p>
      </div>
    )
  }
  if (list.isFetching && items.length === 0)
    return (
      <p className="loading" role="status">
        Loading
      </p>
    )
  if (items.length === 0) return null

  return (
    <section className="packages" aria-labelledby="packages-title">
      <div className="packages-header">
        <h2 id="packages-title">Packages</h2>
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
            <th scope="col">File size</th>
            <th scope="col">Created at</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((pkg) => (
            <tr key={pkg.id} data-package-id={pkg.id} data-uuid={pkg.uuid}>
              <td className="thumb">
                <img
                  src={pkg.preview_url.thumbnail}
                  alt=""
                  width={THUMBNAIL_SIZE.width}
                  height={THUMBNAIL_SIZE.height}
                  loading="lazy"
                />
              </td>
              <td className="filename" data-label="Filename">
                {pkg.filename}
                {pkg.filename_version > 1 && <strong className="version"> ({pkg.filename_version})</strong>}
              </td>
              <td data-label="File size">{formatFileSize(pkg.file_size)}</td>
              <td data-label="Created at">
                <time dateTime={pkg.created_at}>{formatCreatedAt(pkg.created_at)}</time>
              </td>
              <td className="row-actions">
                <button type="button" className="button small" onClick={() => setPreviewing(pkg)}>
                  Preview
                </button>
                <a className="button small" href={pkg.package_url} download={pkg.filename}>
                  Download
                </a>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Delete ${pkg.filename}`}
                  onClick={() => setDeleting(pkg)}
                >
                  <TrashIcon />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <PreviewDialog pkg={previewing} onClose={() => setPreviewing(null)} />
      <DeleteDialog
        pkg={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(uuid) => {
          remove.mutate({ uuid })
          setDeleting(null)
        }}
      />
    </section>
  )
}
