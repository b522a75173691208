// An inspecting process (see inspect-in-child.ts): inspects one package, reading its bytes from
// the server over IPC, answers the report and exits. Started from the source tree (Node strips
// the types), as dist/server/inspect-worker.mjs by `npm start`, or as the single executable
// itself with INSPECT_WORKER_ARG.
import { inspectPackage } from '../../../shared/inspector/inspect.ts'
import type { ByteSource } from '../../../shared/zip/byte-source.ts'
import { type FromInspector, INSPECTOR_READY, type ToInspector } from './inspect-protocol.ts'

export function serveInspection(): void {
  const send = (message: FromInspector) => process.send?.(message)
  const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>()
  let nextId = 0

  process.on('message', (message: ToInspector) => {
    if (message.kind === 'inspect') {
      const source: ByteSource = {
        size: message.size,
        read: (offset, length) =>
          new Promise((resolve, reject) => {
            const id = nextId++
            pending.set(id, { resolve, reject })
            send({ kind: 'read', id, offset, length })
          }),
      }
      inspectPackage(source, message.options).then(
        (report) => send({ kind: 'report', report }),
        (error: unknown) => send({ kind: 'failed', message: (error as Error).message }),
      )
      return
    }
    const waiting = pending.get(message.id)
    pending.delete(message.id)
    if (message.kind === 'bytes') waiting?.resolve(new Uint8Array(message.bytes))
    else waiting?.reject(new Error(message.message))
  })
  // The server ended (or died): nothing is left to do here.
  process.on('disconnect', () => process.exit(0))
  send(INSPECTOR_READY)
}
