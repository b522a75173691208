import { useEffect, useState } from 'react'
import type { InspectionReport } from '../../shared/inspector/types.ts'

export type InspectionResult =
  | { state: 'running' }
  | { state: 'done'; report: InspectionReport }
  | { state: 'failed'; message: string }

/** The browser's instant inspection of the chosen file; the server's validation stays the authority. */
export function useInspection(file: File | null): InspectionResult | null {
  const [result, setResult] = useState<InspectionResult | null>(null)
  useEffect(() => {
    if (!file) {
      setResult(null)
      return
    }
    setResult({ state: 'running' })
    const worker = new Worker(new URL('./inspection.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (
      event: MessageEvent<{ ok: true; report: InspectionReport } | { ok: false; message: string }>,
    ) => {
      setResult(
        event.data.ok
          ? { state: 'done', report: event.data.report }
          : { state: 'failed', message: event.data.message },
      )
      worker.terminate()
    }
    worker.onerror = () => {
      setResult({ state: 'failed', message: 'The package could not be inspected in the browser.' })
      worker.terminate()
    }
    worker.postMessage(file)
    return () => worker.terminate()
  }, [file])
  return result
}
