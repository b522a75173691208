import { describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors.ts'
import { decodeCursor, encodeCursor } from './list-cursor.ts'

describe('the list cursor', () => {
  it('reads back what it wrote', () => {
    const position = { sort: 'name', order: 'asc', value: 'spring-sale.zip', id: 42 } as const
    expect(decodeCursor(encodeCursor(position), 'name', 'asc')).toEqual(position)
  })

  it('refuses a cursor of another sort or order, and anything it did not make', () => {
    const created = encodeCursor({ sort: 'created', order: 'desc', value: 1_700_000_000_000, id: 7 })
    expect(() => decodeCursor(created, 'created', 'asc')).toThrow(/another sort order/)
    expect(() => decodeCursor(created, 'size', 'desc')).toThrow(/another sort order/)
    for (const junk of ['', 'not-base64!', Buffer.from('[1,2]').toString('base64url')])
      expect(() => decodeCursor(junk, 'created', 'desc')).toThrow(AppError)
    const wrongType = encodeCursor({ sort: 'name', order: 'asc', value: 12, id: 1 })
    expect(() => decodeCursor(wrongType, 'name', 'asc')).toThrow(/not a cursor/)
  })
})
