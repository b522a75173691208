import { describe, expect, it, vi } from 'vitest'
import type { Package } from '../../shared/api.ts'
import { UPLOAD_FAILURE } from '../../shared/constants.ts'
import { runUpload, type UploadTransport } from './upload-flow.ts'
import { IDLE, type UploadAction, type UploadState, uploadReducer } from './upload-state.ts'

const file = new File([new Uint8Array([1, 2, 3])], 'ad.zip', { type: 'application/zip' })
const pkg = { id: 1, uuid: 'u-1', filename: 'ad.zip' } as Package

function transport(overrides: Partial<UploadTransport> = {}): UploadTransport {
  return {
    getUploadUrl: vi.fn(async () => ({
      signedRequest: 'https://store/put?sig=1',
      uuid: 'u-1',
      url: 'https://store/ad.zip',
    })),
    putFile: vi.fn(async (_url: string, _file: File, onProgress: (p: number) => void) => {
      onProgress(50)
      onProgress(100)
    }),
    validate: vi.fn(async () => ({ message: 'ok', details: [] })),
    create: vi.fn(async () => pkg),
    toApiError: (error) => ({ message: error instanceof Error ? error.message : String(error) }),
    showStatus: async () => {},
    ...overrides,
  }
}

async function run(t: UploadTransport, mode: 'default' | 'replace' | 'keepBoth' = 'default') {
  let state: UploadState = IDLE
  const statuses: string[] = []
  const dispatch = (action: UploadAction) => {
    state = uploadReducer(state, action)
    if (statuses.at(-1) !== state.status) statuses.push(state.status)
  }
  const created = await runUpload(file, mode, t, dispatch)
  return { state, statuses, created }
}

describe('runUpload', () => {
  it('goes through every status text in order and resets to idle on success', async () => {
    const t = transport()
    const { state, statuses, created } = await run(t)
    expect(statuses).toEqual([
      'Preparing upload...',
      'Preparing upload done.',
      'Uploading file...',
      'Upload complete.',
      'Validating package...',
      '',
    ])
    expect(created).toBe(pkg)
    expect(state).toEqual(IDLE)
    expect(t.getUploadUrl).toHaveBeenCalledWith({
      filename: 'ad.zip',
      contentType: 'application/zip',
      policy: 'none',
    })
  })

  it('sends the policy of the chosen mode', async () => {
    const t = transport()
    await run(t, 'replace')
    await run(t, 'keepBoth')
    expect(vi.mocked(t.getUploadUrl).mock.calls.map(([input]) => input.policy)).toEqual(['overwrite', 'keep'])
  })

  it.each([
    ['getUploadUrl', UPLOAD_FAILURE.prepare],
    ['putFile', UPLOAD_FAILURE.upload],
    ['validate', UPLOAD_FAILURE.validate],
    ['create', UPLOAD_FAILURE.create],
  ] as const)('a failing %s ends idle with "%s", keeping the error and the file', async (step, text) => {
    const t = transport({ [step]: vi.fn(async () => Promise.reject(new Error(`${step} broke`))) })
    const { state, created } = await run(t)
    expect(created).toBeNull()
    expect(state).toMatchObject({
      uploading: false,
      validating: false,
      requestingUploadUrl: false,
      status: text,
      error: `${step} broke`,
    })
    expect(state.response).toEqual({ message: `${step} broke` })
    expect(state.fileObject).toBe(file)
  })
})
