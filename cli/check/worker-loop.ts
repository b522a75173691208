// The checking process of `ads-preview check`: takes one package at a time from the pool over
// IPC and answers its verdict. The pool caps its heap (--max-old-space-size) and its time per
// package, and kills it past either; a process, not a worker thread, because a worker thread's
// heap limit is best effort and can abort the whole run (nodejs/node#47224).
import { checkFile } from './check-file.ts'
import { type CheckAnswer, type CheckTask, WORKER_READY } from './worker-protocol.ts'

export function serveChecks(): void {
  const send = (message: CheckAnswer | typeof WORKER_READY) => process.send?.(message)
  process.on('message', async (task: CheckTask) => {
    send({ id: task.id, verdict: await checkFile(task.path, task.file, task.targets) })
  })
  // The run ended (or died): nothing is left to do here.
  process.on('disconnect', () => process.exit(0))
  send(WORKER_READY)
}
