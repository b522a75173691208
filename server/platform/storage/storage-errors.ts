// What every storage driver answers for a body it cannot keep.
import { AppError } from '../errors.ts'

export const diskFull = (cause: unknown) =>
  new AppError(
    'INSUFFICIENT_STORAGE',
    'The server is out of disk space: the upload was not saved.',
    {},
    { cause },
  )

export function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The package is larger than ${maxBytes} bytes.`)
}
