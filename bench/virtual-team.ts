// One virtual user of the mixed-load bench: a team's day in a loop, over real HTTP against a
// running product: an upload URL, the PUT of a 1 MB creative to it, validate, create, the list's
// first page, the preview opened, the package downloaded. Each step's time and failure is kept;
// a step that fails ends that loop (the next one starts afresh), as a person would retry.

export const STEPS = ['upload URL', 'PUT 1 MB', 'validate', 'create', 'list', 'preview', 'download'] as const
export type Step = (typeof STEPS)[number]

export interface TeamRecord {
  /** Milliseconds per step, for steps that began inside the measured window. */
  times: Record<Step, number[]>
  /** Failed steps (an answer other than the one expected, or no answer: "fetch failed"). */
  errors: { step: Step; reason: string }[]
  /** Packages created inside the measured window. */
  created: number
  /** Every package a create answered 201 for, window or not: each must be in the list at the end. */
  createdUuids: string[]
}

export function emptyRecord(): TeamRecord {
  return {
    times: Object.fromEntries(STEPS.map((step) => [step, []])) as unknown as Record<Step, number[]>,
    errors: [],
    created: 0,
    createdUuids: [],
  }
}

class StepFailed extends Error {}

export interface TeamOptions {
  base: string
  token: string
  creative: Uint8Array
  /** Steps that begin before this (performance.now()) are not timed: the warm-up. */
  measureFrom: number
  /** No loop begins after this. */
  until: number
  signal: AbortSignal
  record: TeamRecord
  name: string
}

/** Loops until `until`; resolves when its last loop has ended. */
export async function runVirtualUser(options: TeamOptions): Promise<void> {
  const { base, token, record, signal } = options
  const auth = { authorization: `Bearer ${token}` }
  let loop = 0
  async function step<T>(name: Step, run: () => Promise<T>): Promise<T> {
    const started = performance.now()
    try {
      const result = await run()
      if (started >= options.measureFrom) record.times[name].push(performance.now() - started)
      return result
    } catch (error) {
      if (!signal.aborted)
        record.errors.push({ step: name, reason: error instanceof Error ? error.message : String(error) })
      throw new StepFailed()
    }
  }
  async function expectStatus(response: Response, status: number): Promise<Response> {
    if (response.status === status) return response
    throw new Error(`${response.status} ${(await response.text()).slice(0, 200)}`)
  }
  while (performance.now() < options.until && !signal.aborted) {
    const loopStarted = performance.now()
    try {
      const filename = `${options.name}-${loop++}.zip`
      const query = new URLSearchParams({ filename, contentType: 'application/zip', policy: 'keep' })
      const { signedRequest, uuid } = await step(
        'upload URL',
        async () =>
          (await expectStatus(
            await fetch(`${base}/api/upload/get-package-upload-url?${query}`, { headers: auth, signal }),
            200,
          ).then((r) => r.json())) as { signedRequest: string; uuid: string },
      )
      await step('PUT 1 MB', async () => {
        const put = await fetch(signedRequest, {
          method: 'PUT',
          body: Buffer.from(options.creative),
          headers: { 'content-type': 'application/zip' },
          signal,
        })
        await expectStatus(put, 200)
        await put.arrayBuffer()
      })
      await step('validate', async () => {
        const validate = await fetch(`${base}/api/upload/validate-package-upload/${uuid}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: '{}',
          signal,
        })
        await (await expectStatus(validate, 200)).arrayBuffer()
      })
      const created = await step('create', async () => {
        const answer = await fetch(`${base}/api/packages/${uuid}`, { method: 'POST', headers: auth, signal })
        return (await (await expectStatus(answer, 201)).json()) as {
          package: { index_url: string; package_url: string }
        }
      })
      record.createdUuids.push(uuid)
      if (loopStarted >= options.measureFrom) record.created++
      await step('list', async () => {
        const list = await fetch(`${base}/api/packages?limit=50`, { headers: auth, signal })
        await (await expectStatus(list, 200)).arrayBuffer()
      })
      await step('preview', async () => {
        const preview = await fetch(created.package.index_url, { signal })
        await (await expectStatus(preview, 200)).arrayBuffer()
      })
      await step('download', async () => {
        const download = await fetch(created.package.package_url, { signal })
        const bytes = await (await expectStatus(download, 200)).arrayBuffer()
        if (bytes.byteLength !== options.creative.byteLength)
          throw new Error(`downloaded ${bytes.byteLength} bytes`)
      })
    } catch (error) {
      if (!(error instanceof StepFailed)) throw error
    }
  }
}
