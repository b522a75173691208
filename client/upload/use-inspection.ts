import { useEffect, useState } from 'react'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import type { TargetMatrix } from '../../shared/targets/types.ts'

export type InspectionResult =
  | { state: 'running' }
  | { state: 'done'; report: InspectionReport; matrix: TargetMatrix }
  | { state: 'failed'; message: string }

type WorkerAnswer =
  | { ok: true; report: InspectionReport; matrix: TargetMatrix }
  | { ok: false; message: string }

/**
 * The browser's instant inspection of the chosen file, judged against `targets`; the server's
 * validation stays the authority.
 */
export function useInspection(file: File | null, targets: string[]): InspectionResult | null {
  const [result, setResult] = useState<InspectionResult | null>(null)
  useEffect(() => {
    if (!file) {
      setResult(null)
      return
    }
    setResult({ state: 'running' })
    const worker = new Worker(new URL('./inspection.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      setResult(
        event.data.ok
          ? { state: 'done', report: event.data.report, matrix: event.data.matrix }
          : { state: 'failed', message: event.data.message },
      )
      worker.terminate()
    }
    worker.onerror = () => {
      setResult({ state: 'failed', message: 'The package could not be inspected in the browser.' })
      worker.terminate()
    }
    worker.postMessage({ file, targets })
    return () => worker.terminate()
  }, [file, targets])
  return result
}
