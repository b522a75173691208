// Inspects a dropped package off the main thread, so the page stays responsive.
import { inspectPackage } from '../../shared/inspector/inspect.ts'
import { blobSource } from '../../shared/zip/byte-source.ts'

self.onmessage = async (event: MessageEvent<File>) => {
  try {
    const report = await inspectPackage(blobSource(event.data), { requireMraid: true })
    self.postMessage({ ok: true, report })
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}
