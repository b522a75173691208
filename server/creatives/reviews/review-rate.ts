// One bound for what a reviewer may repeat (comments, password attempts): the rows a table holds
// for the link in the last hour and for the address in the last ten minutes, counted in the
// writer's transaction, so parallel requests cannot slip past it together.
import { and, count, eq, gt } from 'drizzle-orm'
import type { Database, Orm } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'

const HOUR_MS = 60 * 60 * 1000
const TEN_MINUTES_MS = 10 * 60 * 1000

type Tables = Database['tables']
type Counted = Tables['reviewComments'] | Tables['reviewUnlockAttempts']

export async function requireWithinRate(
  tx: Orm,
  table: Counted,
  where: { linkId: string; address: string; now: number },
  bounds: { perLinkPerHour: number; perAddressPer10Min: number; message: string },
): Promise<void> {
  const { linkId, address, now } = where
  const [onLink] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.linkId, linkId), gt(table.at, now - HOUR_MS)))
  const [fromAddress] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.address, address), gt(table.at, now - TEN_MINUTES_MS)))
  if ((onLink?.n ?? 0) >= bounds.perLinkPerHour || (fromAddress?.n ?? 0) >= bounds.perAddressPer10Min) {
    throw new AppError('TOO_MANY_REQUESTS', bounds.message)
  }
}

export { HOUR_MS }
