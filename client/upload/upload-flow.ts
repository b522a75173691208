// One upload, start to end (the steps and calls the product spec lists): signed URL, direct PUT
// with progress, validation with requireMraid, create. Transport functions are injected, so the
// sequence is testable without a server.
import type { ApiError, Package, UploadUrlAnswer } from '../../shared/api.ts'
import { UPLOAD_CONTENT_TYPE, UPLOAD_FAILURE, UPLOAD_MODES, type UploadMode } from '../../shared/constants.ts'
import type { UploadAction } from './upload-state.ts'

export interface UploadTransport {
  getUploadUrl(input: {
    filename: string
    contentType: typeof UPLOAD_CONTENT_TYPE
    policy: (typeof UPLOAD_MODES)[UploadMode]
  }): Promise<UploadUrlAnswer>
  putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void>
  validate(uuid: string): Promise<unknown>
  create(uuid: string): Promise<Package>
  toApiError(error: unknown): ApiError
  /** Lets the screen paint a status before the next one replaces it (each status is meant to be seen). */
  showStatus(): Promise<void>
}

export async function runUpload(
  file: File,
  mode: UploadMode,
  transport: UploadTransport,
  dispatch: (action: UploadAction) => void,
): Promise<Package | null> {
  dispatch({ type: 'start', file })
  let answer: UploadUrlAnswer
  try {
    answer = await transport.getUploadUrl({
      filename: file.name,
      contentType: UPLOAD_CONTENT_TYPE,
      policy: UPLOAD_MODES[mode],
    })
  } catch (error) {
    dispatch({ type: 'failed', status: UPLOAD_FAILURE.prepare, error: transport.toApiError(error) })
    return null
  }
  dispatch({ type: 'urlReady', uploadUrl: answer.signedRequest, uuid: answer.uuid })
  await transport.showStatus()
  try {
    dispatch({ type: 'progress', percent: 0 })
    // A small package can finish its PUT before the browser paints: the status is shown first,
    // like every other step of the upload.
    await transport.showStatus()
    await transport.putFile(answer.signedRequest, file, (percent) => dispatch({ type: 'progress', percent }))
  } catch (error) {
    dispatch({ type: 'failed', status: UPLOAD_FAILURE.upload, error: transport.toApiError(error) })
    return null
  }
  dispatch({ type: 'uploaded' })
  await transport.showStatus()
  dispatch({ type: 'validating' })
  try {
    await transport.validate(answer.uuid)
  } catch (error) {
    dispatch({
      type: 'failed',
      status: UPLOAD_FAILURE.validate,
      error: transport.toApiError(error),
    })
    return null
  }
  try {
    const created = await transport.create(answer.uuid)
    dispatch({ type: 'created' })
    return created
  } catch (error) {
    dispatch({ type: 'failed', status: UPLOAD_FAILURE.create, error: transport.toApiError(error) })
    return null
  }
}
