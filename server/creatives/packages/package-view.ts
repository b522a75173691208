// A package row as the API shows it: snake_case, absolute capability URLs. The columns
// are chosen here once: every query that answers packages selects `packageColumns`.
import type { Package } from '../../../shared/api.ts'
import { withoutBidiControls } from '../../../shared/filename.ts'
import { API } from '../../../shared/paths.ts'
import type { Tables } from '../../platform/db/tables.ts'

export function packageColumns(packages: Tables['packages']) {
  return {
    id: packages.id,
    uuid: packages.uuid,
    filename: packages.filename,
    filenameVersion: packages.filenameVersion,
    fileSize: packages.fileSize,
    sha256: packages.sha256,
    adWidth: packages.adWidth,
    adHeight: packages.adHeight,
    uploadedBy: packages.uploadedBy,
    createdAt: packages.createdAt,
    thumbnailKey: packages.thumbnailKey,
  }
}

export type PackageRow = {
  [K in keyof ReturnType<typeof packageColumns>]: Tables['packages']['$inferSelect'][K]
}

export function toPackageView(row: PackageRow, publicUrl: string): Package {
  // Records made before bidi controls were removed at upload still carry them.
  const filename = withoutBidiControls(row.filename)
  return {
    id: row.id,
    uuid: row.uuid,
    filename,
    filename_version: row.filenameVersion,
    file_size: row.fileSize,
    created_at: new Date(row.createdAt).toISOString(),
    package_url: publicUrl + API.download(row.uuid, filename),
    index_url: publicUrl + API.preview(row.uuid),
    // Rendered, the address changes: a browser holding the stand-in asks again.
    preview_url: row.thumbnailKey
      ? { thumbnail: `${publicUrl}${API.thumbnail(row.uuid)}?rendered=1`, rendered: true }
      : { thumbnail: publicUrl + API.thumbnail(row.uuid), rendered: false },
    ad_size: row.adWidth && row.adHeight ? `${row.adWidth}x${row.adHeight}` : null,
    uploaded_by: row.uploadedBy,
    sha256: row.sha256,
  }
}
