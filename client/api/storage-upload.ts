// The direct PUT to the signed URL (the signed URL is its own authority): XHR, for upload progress;
// no bearer header.
import { UPLOAD_CONTENT_TYPE } from '../../shared/constants.ts'

export function storageErrorMessage(status: number): string {
  return status === 0 ? 'No response from the server' : `Invalid response from the server - ${status}`
}

/** Progress is loaded over total, as a percent (as the status line shows it). */
export function progressPercent(loaded: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0
}

export function putToSignedUrl(
  url: string,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.setRequestHeader('Content-Type', UPLOAD_CONTENT_TYPE)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(progressPercent(event.loaded, event.total))
    }
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(storageErrorMessage(xhr.status)))
    xhr.onerror = () => reject(new Error(storageErrorMessage(0)))
    xhr.send(file)
  })
}
