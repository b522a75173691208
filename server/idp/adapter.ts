// oidc-provider's storage in SQLite (sessions, grants, interactions, codes...), so a restart
// signs nobody out. One table keyed by (model, id); expired rows are ignored when read and
// removed by `purgeExpired`.
import { and, eq, lt } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Db } from '../db/client.ts'
import { oidcModels } from '../db/schema.ts'

const epochSeconds = () => Math.floor(Date.now() / 1000)

export function createSqliteAdapter(db: Db) {
  return class SqliteAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private where(id: string) {
      return and(eq(oidcModels.model, this.model), eq(oidcModels.id, id))
    }

    private alive(
      row: { payload: unknown; expiresAt: number | null } | undefined,
    ): AdapterPayload | undefined {
      if (!row || (row.expiresAt !== null && row.expiresAt <= epochSeconds())) return undefined
      return row.payload as AdapterPayload
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? epochSeconds() + expiresIn : null,
      }
      db.insert(oidcModels)
        .values(row)
        .onConflictDoUpdate({ target: [oidcModels.model, oidcModels.id], set: row })
        .run()
    }

    async find(id: string) {
      return this.alive(db.select().from(oidcModels).where(this.where(id)).get())
    }

    async findByUserCode(userCode: string) {
      return this.alive(
        db
          .select()
          .from(oidcModels)
          .where(and(eq(oidcModels.model, this.model), eq(oidcModels.userCode, userCode)))
          .get(),
      )
    }

    async findByUid(uid: string) {
      return this.alive(
        db
          .select()
          .from(oidcModels)
          .where(and(eq(oidcModels.model, this.model), eq(oidcModels.uid, uid)))
          .get(),
      )
    }

    async consume(id: string): Promise<void> {
      const row = db.select().from(oidcModels).where(this.where(id)).get()
      if (!row) return
      const now = epochSeconds()
      db.update(oidcModels)
        .set({ payload: { ...(row.payload as AdapterPayload), consumed: now }, consumedAt: now })
        .where(this.where(id))
        .run()
    }

    async destroy(id: string): Promise<void> {
      db.delete(oidcModels).where(this.where(id)).run()
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      db.delete(oidcModels).where(eq(oidcModels.grantId, grantId)).run()
    }
  }
}

export function purgeExpired(db: Db): number {
  return db.delete(oidcModels).where(lt(oidcModels.expiresAt, epochSeconds())).run().changes
}
