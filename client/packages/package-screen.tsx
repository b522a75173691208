import { productTitle, useClientConfig } from '../config.ts'
import { UploadPanel } from '../upload/upload-panel.tsx'
import { PackageList } from './package-list.tsx'

export function PackageScreen() {
  const config = useClientConfig()
  return (
    <div className="package-screen">
      <h1>{productTitle(config)}</h1>
      <UploadPanel />
      <PackageList />
    </div>
  )
}
