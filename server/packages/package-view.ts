// A package row as the API shows it (spec 3): snake_case, absolute capability URLs.
import type { Package } from '../../shared/api.ts'
import { withoutBidiControls } from '../../shared/filename.ts'
import { API } from '../../shared/paths.ts'
import type { packages } from '../db/schema.ts'

export type PackageRow = Pick<
  typeof packages.$inferSelect,
  | 'id'
  | 'uuid'
  | 'filename'
  | 'filenameVersion'
  | 'fileSize'
  | 'sha256'
  | 'adWidth'
  | 'adHeight'
  | 'uploadedBy'
  | 'createdAt'
>

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
    preview_url: { thumbnail: publicUrl + API.thumbnail(row.uuid) },
    ad_size: row.adWidth && row.adHeight ? `${row.adWidth}x${row.adHeight}` : null,
    uploaded_by: row.uploadedBy,
    sha256: row.sha256,
  }
}
