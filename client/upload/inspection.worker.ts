// Inspects a dropped package off the main thread, so the page stays responsive, and judges it
// against the deployment's delivery targets (shared/targets) on the way.
import { inspectTargets } from '../../shared/targets/inspect-targets.ts'
import { blobSource } from '../../shared/zip/byte-source.ts'

self.onmessage = async (event: MessageEvent<{ file: File; targets: string[] }>) => {
  try {
    const { inspection, matrix } = await inspectTargets(blobSource(event.data.file), {
      targets: event.data.targets,
    })
    self.postMessage({ ok: true, report: inspection, matrix })
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}
