// Upload state and its transitions, as the product spec lists them, as a pure reducer.
import type { ApiError } from '../../shared/api.ts'
import { UPLOAD_FAILURE, UPLOAD_STATUS } from '../../shared/constants.ts'

export interface UploadState {
  uploadUrl: string | null
  uuid: string | null
  uploading: boolean
  validating: boolean
  requestingUploadUrl: boolean
  progress: number
  error: string | null
  status: string
  response: ApiError | null
  fileObject: File | null
}

export const IDLE: UploadState = {
  uploadUrl: null,
  uuid: null,
  uploading: false,
  validating: false,
  requestingUploadUrl: false,
  progress: 0,
  error: null,
  status: '',
  response: null,
  fileObject: null,
}

export type UploadAction =
  | { type: 'start'; file: File }
  | { type: 'urlReady'; uploadUrl: string; uuid: string }
  | { type: 'progress'; percent: number }
  | { type: 'uploaded' }
  | { type: 'validating' }
  | { type: 'created' }
  | { type: 'failed'; status: string; error: ApiError }
  | { type: 'cancel' }

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'start':
      return {
        ...IDLE,
        fileObject: action.file,
        uploading: true,
        requestingUploadUrl: true,
        status: UPLOAD_STATUS.preparing,
      }
    case 'urlReady':
      return {
        ...state,
        uploadUrl: action.uploadUrl,
        uuid: action.uuid,
        requestingUploadUrl: false,
        status: UPLOAD_STATUS.prepared,
      }
    case 'progress':
      return { ...state, progress: action.percent, status: UPLOAD_STATUS.uploading }
    case 'uploaded':
      return { ...state, progress: 100, status: UPLOAD_STATUS.uploaded }
    case 'validating':
      return { ...state, validating: true, status: UPLOAD_STATUS.validating }
    case 'created':
      return IDLE
    case 'failed':
      // Any failure resets to idle keeping status, error and response (and the file, for a retry).
      return {
        ...IDLE,
        fileObject: state.fileObject,
        status: action.status,
        error: action.error.message,
        response: action.error,
      }
    case 'cancel':
      return IDLE
  }
}

export const isBusy = (state: UploadState) => state.uploading || state.validating || state.requestingUploadUrl

/**
 * A failure the same file may get past when sent again: the line, the storage or the server, not
 * the package (a refused package fails the same way; a taken name has its own question).
 */
const RETRYABLE: readonly string[] = [UPLOAD_FAILURE.prepare, UPLOAD_FAILURE.upload, UPLOAD_FAILURE.create]
export const canRetry = (state: UploadState) =>
  !isBusy(state) &&
  state.fileObject !== null &&
  RETRYABLE.includes(state.status) &&
  !state.response?.filenameExists
