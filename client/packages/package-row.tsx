import { Link } from 'wouter'
import type { Package } from '../../shared/api.ts'
import { THUMBNAIL_SIZE } from '../../shared/constants.ts'
import { compareRoute } from '../../shared/paths.ts'
import type { ReviewState } from '../../shared/review.ts'
import type { VerdictBadge } from '../../shared/targets/types.ts'
import { TrashIcon } from '../layout/icons.tsx'
import { ReviewBadge } from '../reviews/review-badge.tsx'
import { TargetBadge } from '../targets/target-badge.tsx'
import { formatCreatedAt, formatFileSize } from './format.ts'
import { packageLabel } from './package-label.ts'

export interface RowActions {
  preview(pkg: Package, opener: HTMLElement): void
  delete(pkg: Package, opener: HTMLElement): void
  share(pkg: Package, opener: HTMLElement): void
}

/** One package (the product spec's list columns); every control's name says which version it acts on. */
export function PackageRow({
  pkg,
  justAdded,
  badge,
  review,
  actions,
}: {
  pkg: Package
  justAdded: boolean
  /** The verdict over DEFAULT_TARGETS (absent until it is known). */
  badge?: VerdictBadge | undefined
  /** The version's review state (absent when it was never shared). */
  review?: ReviewState | undefined
  actions: RowActions
}) {
  const label = packageLabel(pkg)
  return (
    <tr data-package-id={pkg.id} data-uuid={pkg.uuid} className={justAdded ? 'just-added' : undefined}>
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
        {pkg.filename_version > 1 && (
          <Link className="compare-link" href={compareRoute(pkg.uuid)}>
            Compare<span className="visually-hidden"> {label} with another version</span>
          </Link>
        )}
      </td>
      {/* Badges: "New" for the upload just made, the verdict over the delivery targets, the review state. */}
      <td className="badges" data-label="Status">
        {justAdded && <span className="badge new">New</span>}
        {justAdded && badge && ' '}
        {badge && <TargetBadge uuid={pkg.uuid} badge={badge} />}
        {review && ' '}
        {review && <ReviewBadge uuid={pkg.uuid} state={review} />}
      </td>
      <td className="ad-size" data-label="Ad size">
        {pkg.ad_size ?? '–'}
      </td>
      <td className="file-size" data-label="File size">
        {formatFileSize(pkg.file_size)}
      </td>
      <td className="created-at" data-label="Created at">
        <time dateTime={pkg.created_at}>{formatCreatedAt(pkg.created_at)}</time>
      </td>
      <td className="uploaded-by" data-label="Uploaded by" title={pkg.uploaded_by ?? undefined}>
        {pkg.uploaded_by ?? '–'}
      </td>
      <td className="row-actions">
        <button
          type="button"
          className="button small"
          onClick={(event) => actions.preview(pkg, event.currentTarget)}
        >
          Preview<span className="visually-hidden"> {label}</span>
        </button>
        <a className="button small" href={pkg.package_url} download={pkg.filename}>
          Download<span className="visually-hidden"> {label}</span>
        </a>
        <button
          type="button"
          className="button small"
          onClick={(event) => actions.share(pkg, event.currentTarget)}
        >
          Share<span className="visually-hidden"> {label} for review</span>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Delete ${label}`}
          onClick={(event) => actions.delete(pkg, event.currentTarget)}
        >
          <TrashIcon />
        </button>
      </td>
    </tr>
  )
}
