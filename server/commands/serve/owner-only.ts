// DATA_DIR holds keys, password hashes and every upload: only the user running the product may
// read it, however it was started. The umask makes every file and folder the process creates
// owner-only (the database and its WAL/SHM, blobs, keys, runtime files, the browser's profile).
// A folder an older release left readable by others (0755, files 0644) is tightened once, all
// the way down; after that the folder's own 0700 says it was done.
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'

function tighten(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      fs.chmodSync(full, 0o700)
      tighten(full)
    } else if (entry.isFile()) fs.chmodSync(full, fs.statSync(full).mode & 0o700)
  }
}

export function restrictToOwner(dataDir: string): void {
  process.umask(0o077)
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if ((fs.statSync(dataDir).mode & 0o077) === 0) return
  fs.chmodSync(dataDir, 0o700)
  tighten(dataDir)
}
