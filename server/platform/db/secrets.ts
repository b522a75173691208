// Keys and secrets the product generates once and keeps: the identity provider's signing and
// cookie keys, the upload-signing secret. On SQLite they are files in DATA_DIR/keys (0600), as
// they always were; on PostgreSQL they are rows of `secrets`, so every app process shares them.
// The first process to create one wins; the others read the winner's.
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Database } from './database.ts'

export interface SecretStore {
  /** The secret named `name`, created with `create()` the first time. */
  loadOrCreate(name: string, create: () => Promise<string> | string): Promise<string>
}

export function createSecretStore(db: Database, keysDir: string): SecretStore {
  return db.dialect === 'postgres' ? tableSecrets(db) : fileSecrets(keysDir)
}

function fileSecrets(keysDir: string): SecretStore {
  return {
    async loadOrCreate(name, create) {
      const file = path.join(keysDir, name)
      try {
        return fs.readFileSync(file, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
      fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 })
      const value = await create()
      fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' })
      return value
    },
  }
}

function tableSecrets(db: Database): SecretStore {
  const { secrets } = db.tables
  const read = async (name: string) =>
    (await db.orm.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, name)))[0]?.value
  return {
    async loadOrCreate(name, create) {
      const existing = await read(name)
      if (existing !== undefined) return existing
      const value = await create()
      await db.write((tx) =>
        tx.insert(secrets).values({ name, value, createdAt: Date.now() }).onConflictDoNothing(),
      )
      return (await read(name)) ?? value
    },
  }
}
