// Nothing the product runs writes outside DATA_DIR: its temporary files (the thumbnail browser's
// profile among them) go to DATA_DIR/.tmp, and the browser's home (Chromium keeps crash-report
// settings and a dconf cache there) is a folder inside it. The folder is emptied at each start,
// which also removes what a SIGKILL left.
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'

export function keepTempInDataDir(dataDir: string): string {
  const temp = path.join(dataDir, '.tmp')
  fs.rmSync(temp, { recursive: true, force: true })
  const home = path.join(temp, 'home')
  fs.mkdirSync(home, { recursive: true, mode: 0o700 })
  // os.tmpdir() and every child process read these.
  process.env.TMPDIR = temp
  process.env.HOME = home
  process.env.XDG_CONFIG_HOME = path.join(home, '.config')
  process.env.XDG_CACHE_HOME = path.join(home, '.cache')
  process.env.XDG_DATA_HOME = path.join(home, '.local', 'share')
  return temp
}
