// Thousands of package records written straight into a product's SQLite file (no files behind
// them: enough for the list, which reads records only). Names, sizes, ad sizes and times vary
// the way a team's uploads do.
import path from 'node:path'
import Database from 'better-sqlite3'

export const SEED_AD_SIZES = ['320x50', '300x250', '320x480', '728x90'] as const

export function seedPackages(dataDir: string, count: number, now = Date.now()): void {
  const db = new Database(path.join(dataDir, 'ads-preview.db'))
  try {
    db.pragma('busy_timeout = 5000')
    const insert = db.prepare(
      `INSERT INTO packages (uuid, filename, filename_version, file_size, sha256, blob_key, entry, ad_width, ad_height, uploaded_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'index.html', ?, ?, 'seed@example.com', ?)`,
    )
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const uuid = crypto.randomUUID()
        const [width, height] = SEED_AD_SIZES[i % SEED_AD_SIZES.length]!.split('x').map(Number)
        const campaign = `campaign-${String(Math.floor(i / 4)).padStart(5, '0')}`
        insert.run(
          uuid,
          `${campaign}-${SEED_AD_SIZES[i % SEED_AD_SIZES.length]}.zip`,
          1,
          10_000 + ((i * 7919) % 5_000_000),
          'f'.repeat(64),
          `packages/${uuid}.zip`,
          width,
          height,
          now - (count - i) * 60_000,
        )
      }
    })()
  } finally {
    db.close()
  }
}
