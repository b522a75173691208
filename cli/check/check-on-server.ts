// `check --server`: each package uploaded, validated (MRAID required) and created on an Ads
// Preview server with an API token, a few at a time, then judged against the chosen targets
// once the server's runtime audit has run; the server's answers are the verdict. A
// package the server refuses fails; a token it refuses or a server out of reach ends the run.
import path from 'node:path'
import type { UploadPolicy } from '../../shared/constants.ts'
import { type AuditWait, awaitAudit } from './await-audit.ts'
import { CallRefused, type ServerAccess, ServerError, serverClient } from './server-client.ts'
import { errorVerdict, type PackageVerdict, statusOf } from './verdict.ts'
import type { PackageInput } from './worker-protocol.ts'

export { ServerError }

export interface ServerCheckOptions extends ServerAccess {
  policy: UploadPolicy
  targets: string[]
  jobs: number
  audit: AuditWait
  onVerdict?: (verdict: PackageVerdict, done: number) => void
}

const issues = (rule: string, severity: 'error' | 'warning', messages: string[]): PackageVerdict['issues'] =>
  messages.map((message) => ({ rule, severity, message }))

async function checkOne(
  client: ReturnType<typeof serverClient>,
  input: PackageInput,
  options: ServerCheckOptions,
): Promise<PackageVerdict> {
  const started = performance.now()
  const base = { file: input.file, targets: [], entry: null, adSize: null, size: 0 }
  const ms = () => Math.round(performance.now() - started)
  try {
    const upload = await client.uploadUrl(path.basename(input.path), options.policy)
    await client.put(upload.signedRequest, input.path)
    const validation = await client.validate(upload.uuid)
    const created = await client.create(upload.uuid)
    const found = issues('server.validation', 'warning', validation.details)
    // The targets as the server judges them, its runtime audit included once it has run.
    const judged =
      options.targets.length > 0
        ? await awaitAudit(client, created.uuid, options.targets, options.audit)
        : { targets: [], issues: [] }
    found.push(...judged.issues)
    // A name on an open review link: this new version awaits the reviewers' decision.
    const review = await client.reviewState(created.uuid)
    return {
      ...base,
      status: statusOf(found, judged.targets),
      issues: found,
      targets: judged.targets,
      size: created.file_size,
      remote: { uuid: created.uuid, indexUrl: created.index_url, ...(review ? { review } : {}) },
      ms: ms(),
    }
  } catch (error) {
    if (!(error instanceof CallRefused)) {
      if (error instanceof ServerError) throw error
      return errorVerdict(input.file, `cannot read ${input.file}: ${(error as Error).message}`, ms())
    }
    if (error.status >= 500) return errorVerdict(input.file, error.message, ms())
    const found = [
      ...issues('server.refused', 'error', [error.message]),
      ...issues('server.validation', 'error', error.details),
    ]
    return { ...base, status: statusOf(found, []), issues: found, ms: ms() }
  }
}

export async function checkOnServer(
  inputs: PackageInput[],
  options: ServerCheckOptions,
): Promise<PackageVerdict[]> {
  const client = serverClient(options)
  const verdicts: PackageVerdict[] = new Array(inputs.length)
  let next = 0
  let done = 0
  let stopped = false
  async function lane() {
    while (next < inputs.length && !stopped) {
      const id = next++
      try {
        verdicts[id] = await checkOne(client, inputs[id]!, options)
      } catch (error) {
        stopped = true
        throw error
      }
      done += 1
      options.onVerdict?.(verdicts[id]!, done)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, inputs.length)) }, lane))
  return verdicts
}
