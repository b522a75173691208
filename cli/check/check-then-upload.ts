// `check --server URL --upload-passing`: every package checked offline first (validation and the
// chosen targets, in the checking processes), then only the ones that pass are uploaded and
// created on the server. One run gives a CI job its whole report (the failures as offline
// verdicts, the uploads with their server answer and preview link) and its exit code.
import { checkOnServer, type ServerCheckOptions } from './check-on-server.ts'
import { checkInParallel, type PoolOptions } from './pool.ts'
import type { PackageVerdict } from './verdict.ts'
import type { PackageInput } from './worker-protocol.ts'

export async function checkThenUpload(
  inputs: PackageInput[],
  offline: PoolOptions,
  server: Omit<ServerCheckOptions, 'onVerdict'>,
  onUploaded?: (verdict: PackageVerdict, done: number, of: number) => void,
): Promise<PackageVerdict[]> {
  const verdicts = await checkInParallel(inputs, offline)
  const passing = inputs.map((_, i) => i).filter((i) => verdicts[i]?.status === 'pass')
  const uploaded = await checkOnServer(
    passing.map((i) => inputs[i]!),
    { ...server, onVerdict: (verdict, done) => onUploaded?.(verdict, done, passing.length) },
  )
  passing.forEach((i, n) => {
    const local = verdicts[i]!
    const remote = uploaded[n]!
    verdicts[i] = {
      ...local,
      // What the server says decides: it may refuse what passed here (a name under --policy none).
      status: remote.status,
      issues: [...local.issues, ...remote.issues],
      // The server's judgement of the targets, its runtime audit included, once it has one.
      targets: remote.targets.length > 0 ? remote.targets : local.targets,
      ...(remote.remote ? { remote: remote.remote } : {}),
      ...(remote.error ? { error: remote.error } : {}),
      ms: local.ms + remote.ms,
    }
  })
  return verdicts
}
