// A package's files once its record is gone (deleted, or replaced by a newer upload): its zip
// and thumbnail, and whatever holds them open.
import type { Services } from '../../actions/define-action.ts'
import { blobKeys } from '../../platform/storage/blob-store.ts'

export async function removePackageFiles(services: Services, uuid: string): Promise<void> {
  services.packageGone(uuid)
  await services.blobs.delete(blobKeys.package(uuid))
  await services.blobs.delete(blobKeys.thumbnail(uuid))
}
