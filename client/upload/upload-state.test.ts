// Which failures offer Retry with the same file: the line's, the storage's and the server's, not
// the package's own (refused by validation) nor a taken name (it has its own question).
import { expect, it } from 'vitest'
import { UPLOAD_FAILURE } from '../../shared/constants.ts'
import { canRetry, IDLE, uploadReducer } from './upload-state.ts'

const file = new File(['zip'], 'ad.zip', { type: 'application/zip' })
const failed = (status: string, filenameExists = false) =>
  uploadReducer(uploadReducer(IDLE, { type: 'start', file }), {
    type: 'failed',
    status,
    error: { message: 'No response from the server', ...(filenameExists ? { filenameExists } : {}) },
  })

it('offers Retry after a failed preparation, upload or create, with the file kept', () => {
  for (const status of [UPLOAD_FAILURE.prepare, UPLOAD_FAILURE.upload, UPLOAD_FAILURE.create]) {
    expect(canRetry(failed(status)), status).toBe(true)
    expect(failed(status).fileObject).toBe(file)
  }
})

it('offers none for a refused package, a taken name, or while an upload runs', () => {
  expect(canRetry(failed(UPLOAD_FAILURE.validate))).toBe(false)
  expect(canRetry(failed(UPLOAD_FAILURE.prepare, true))).toBe(false)
  expect(canRetry(uploadReducer(IDLE, { type: 'start', file }))).toBe(false)
})
