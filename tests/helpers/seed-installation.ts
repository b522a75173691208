// Packages written into a stopped single-machine installation as the product keeps them: a real
// zip under DATA_DIR/blobs/packages/ with its size and sha256 in the record, and for every
// other one a thumbnail under blobs/thumbnails/. Each zip differs (its ad.js names it), so a
// byte-exact check of one package against another would fail. Thousands take seconds, where
// uploading them through the API would take minutes.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { validPackage } from '../fixtures/packages.ts'

/** A 1x1 PNG; each thumbnail appends its own bytes after IEND, which image readers ignore. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

export interface SeededPackage {
  uuid: string
  zip: Buffer
  thumbnail?: Buffer
}

export function seedInstalledPackages(dataDir: string, count: number, inspection: unknown): SeededPackage[] {
  const blobs = path.join(dataDir, 'blobs')
  fs.mkdirSync(path.join(blobs, 'packages'), { recursive: true })
  fs.mkdirSync(path.join(blobs, 'thumbnails'), { recursive: true })
  const db = new Database(path.join(dataDir, 'ads-preview.db'))
  const seeded: SeededPackage[] = []
  try {
    const insert = db.prepare(
      `INSERT INTO packages (uuid, filename, filename_version, file_size, sha256, blob_key, entry, ad_width, ad_height, inspection, thumbnail_key, uploaded_by, created_at)
       VALUES (?, ?, 1, ?, ?, ?, 'index.html', 300, 250, ?, ?, 'seed@example.com', ?)`,
    )
    const now = Date.now()
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const uuid = crypto.randomUUID()
        const zip = Buffer.from(validPackage(`seeded ${i}`))
        const thumbnail = i % 2 === 0 ? Buffer.concat([PNG, Buffer.from(uuid)]) : undefined
        fs.writeFileSync(path.join(blobs, 'packages', `${uuid}.zip`), zip)
        if (thumbnail) fs.writeFileSync(path.join(blobs, 'thumbnails', `${uuid}.png`), thumbnail)
        insert.run(
          uuid,
          `seeded-${String(i).padStart(4, '0')}.zip`,
          zip.length,
          createHash('sha256').update(zip).digest('hex'),
          `packages/${uuid}.zip`,
          JSON.stringify(inspection),
          thumbnail ? `thumbnails/${uuid}.png` : null,
          now - (count - i) * 1000,
        )
        seeded.push({ uuid, zip, ...(thumbnail ? { thumbnail } : {}) })
      }
    })()
  } finally {
    db.close()
  }
  return seeded
}
