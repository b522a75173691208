import { Suspense } from 'react'
import { productTitle } from '../../shared/constants.ts'
import { useClientConfig } from '../config.ts'
import { UploadPanel } from '../upload/upload-panel.tsx'
import { useUpload } from '../upload/use-upload.ts'
import { PackageList } from './package-list.tsx'

export function PackageScreen() {
  const config = useClientConfig()
  const upload = useUpload()
  return (
    <div className="package-screen">
      <h1>{productTitle(config.productName)}</h1>
      <UploadPanel upload={upload} />
      {/* The list waits here while the targets' profiles load for a target in the address. */}
      <Suspense fallback={null}>
        <PackageList justAddedId={upload.created?.id} />
      </Suspense>
    </div>
  )
}
