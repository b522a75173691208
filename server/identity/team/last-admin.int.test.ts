// A team keeps an admin when its only two admins remove each other at the same moment, from two
// app processes: each process still holds the other's standing as an admin (the member check's
// cache), so both removals pass the access policy and meet only in the database. On SQLite and,
// in the postgres project, on PostgreSQL, where the two run on two connections at once: one is
// done, the other refused, and one admin is left.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../../tests/helpers/embedded-product.ts'
import type { AppError } from '../../platform/errors.ts'
import { addUser, findUserByEmail } from '../provider/users.ts'
import { removeMember } from './remove-member.ts'

const FIRST = { email: 'first@example.com', password: 'first-password-1' }
let embedded: EmbeddedProduct

beforeAll(async () => {
  embedded = await startEmbeddedProduct('last-admin', FIRST)
})
afterAll(async () => {
  await embedded?.close()
})

describe('the last admin', () => {
  it('stays when the only two admins remove each other at once', async () => {
    const { services } = embedded.product
    const first = (await findUserByEmail(services.db, FIRST.email))!
    const second = await addUser(services.db, 'second@example.com', 'second-password-1', 'admin')
    /** A removal as an app process runs it once the caller has been admitted as an admin. */
    const removal = (by: string, id: string) =>
      removeMember({ ...services, user: { sub: by, role: 'admin' } }, { id }).then(
        () => 200,
        (error: AppError) => error.status,
      )
    const statuses = await Promise.all([removal(first.id, second.id), removal(second.id, first.id)])
    expect(statuses.sort()).toEqual([200, 403])
    const { users } = services.db.tables
    const admins = await services.db.orm.select().from(users).where(eq(users.role, 'admin'))
    expect(admins).toHaveLength(1)
  })
})
