// The list's cursor: where the last page ended, in the order it was asked for (the sort key's
// value and the id, which breaks ties). Opaque to callers (base64url JSON); a cursor made for
// another sort or order is refused rather than read wrongly.
import type { PackageSort, SortOrder } from '../../../shared/package-query.ts'
import { AppError } from '../../platform/errors.ts'

export interface ListPosition {
  sort: PackageSort
  order: SortOrder
  /** The sort key of the last row: created_at or file_size (numbers), lower(filename) (a string). */
  value: number | string
  id: number
}

export function encodeCursor(position: ListPosition): string {
  const { sort, order, value, id } = position
  return Buffer.from(JSON.stringify([sort, order, value, id])).toString('base64url')
}

export function decodeCursor(cursor: string, sort: PackageSort, order: SortOrder): ListPosition {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    parsed = undefined
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || !Number.isSafeInteger(parsed[3])) {
    throw new AppError('BAD_REQUEST', 'cursor: not a cursor this list answered')
  }
  if (parsed[0] !== sort || parsed[1] !== order) {
    throw new AppError('BAD_REQUEST', 'cursor: it belongs to another sort order; start again without it')
  }
  if (typeof parsed[2] !== (sort === 'name' ? 'string' : 'number')) {
    throw new AppError('BAD_REQUEST', 'cursor: not a cursor this list answered')
  }
  return { sort, order, value: parsed[2] as number | string, id: parsed[3] }
}
