// oidc-provider's storage in the database (sessions, grants, interactions, codes...), so a
// restart signs nobody out and every app process shares them. One table keyed by (model, id);
// expired rows are ignored when read and removed by `purgeExpired`.
import { and, eq, lt, type SQL } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Database } from '../../platform/db/database.ts'
import { mergeWithStored, rememberLoaded, wasLoaded } from './loaded-sessions.ts'

const epochSeconds = () => Math.floor(Date.now() / 1000)

export function createDatabaseAdapter(db: Database) {
  const { oidcModels } = db.tables
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private byId(id: string) {
      return and(eq(oidcModels.model, this.model), eq(oidcModels.id, id))
    }

    private async findWhere(where: SQL | undefined): Promise<AdapterPayload | undefined> {
      const [row] = await db.orm
        .select({ payload: oidcModels.payload, expiresAt: oidcModels.expiresAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, this.model), where))
      if (!row || (row.expiresAt !== null && row.expiresAt <= epochSeconds())) return undefined
      return row.payload as AdapterPayload
    }

    async upsert(id: string, mine: AdapterPayload, expiresIn: number): Promise<void> {
      // A session this request loaded is merged with the stored one (loaded-sessions.ts).
      const merging = this.model === 'Session' && wasLoaded(id)
      await db.write(
        async (tx) => {
          const stored = merging
            ? (await tx.select({ payload: oidcModels.payload }).from(oidcModels).where(this.byId(id)))[0]
            : undefined
          const payload = merging ? mergeWithStored(id, mine, stored?.payload as AdapterPayload) : mine
          if (!payload) return
          const row = {
            model: this.model,
            id,
            payload,
            grantId: payload.grantId ?? null,
            userCode: payload.userCode ?? null,
            uid: payload.uid ?? null,
            expiresAt: expiresIn ? epochSeconds() + expiresIn : null,
          }
          await tx
            .insert(oidcModels)
            .values(row)
            .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: row })
        },
        merging ? { lock: this.sessionLock(id) } : {},
      )
    }

    /**
     * A session's saves and its removal take one lock: a save that read the row before a
     * sign-out deleted it would otherwise insert it again on PostgreSQL, whose transactions
     * read what was committed when each statement began.
     */
    private sessionLock(id: string) {
      return `oidc-session:${id}`
    }

    async find(id: string) {
      const payload = await this.findWhere(eq(oidcModels.id, id))
      if (this.model === 'Session') rememberLoaded(id, payload)
      return payload
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcModels.userCode, userCode))
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcModels.uid, uid))
    }

    async consume(id: string): Promise<void> {
      const payload = await this.findWhere(eq(oidcModels.id, id))
      if (!payload) return
      const now = epochSeconds()
      await db.write((tx) =>
        tx
          .update(oidcModels)
          .set({ payload: { ...payload, consumed: now }, consumedAt: now })
          .where(this.byId(id)),
      )
    }

    async destroy(id: string): Promise<void> {
      await db.write(
        (tx) => tx.delete(oidcModels).where(this.byId(id)),
        this.model === 'Session' ? { lock: this.sessionLock(id) } : {},
      )
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.write((tx) => tx.delete(oidcModels).where(eq(oidcModels.grantId, grantId)))
    }
  }
}

export async function purgeExpired(db: Database): Promise<number> {
  const { oidcModels } = db.tables
  const gone = await db.write((tx) =>
    tx.delete(oidcModels).where(lt(oidcModels.expiresAt, epochSeconds())).returning({ id: oidcModels.id }),
  )
  return gone.length
}
