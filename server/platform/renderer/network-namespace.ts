// The renderer's Chromium runs in a network namespace of its own (util-linux's unshare): its
// only interface is a loopback that is down, so whatever the browser would open by itself
// (WebRTC's UDP, a socket past the proxy) reaches nothing, on this machine or beyond.
// Playwright drives the browser through a pipe and every request of a render is answered in
// this process (sandbox.ts), so rendering needs no network at all. Root creates the namespace
// directly; another user inside a user namespace of its own that keeps its uid, so Chromium's
// own sandbox still starts. Playwright starts an executable followed by its arguments: the
// launcher is a script in the temp folder (DATA_DIR/.tmp, emptied at each start).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const UNSHARE = '/usr/bin/unshare'

const quoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

/** An executable that starts `chromium` in a fresh network namespace; undefined where none can be. */
export function isolatedLauncher(chromium: string): string | undefined {
  if (process.platform !== 'linux' || !fs.existsSync(UNSHARE)) return undefined
  const unshare = [UNSHARE, '--net', ...(process.getuid?.() === 0 ? [] : ['--map-current-user'])]
  const file = path.join(os.tmpdir(), `renderer-launcher-${process.pid}.sh`)
  try {
    fs.writeFileSync(file, `#!/bin/sh\nexec ${unshare.map(quoted).join(' ')} -- ${quoted(chromium)} "$@"\n`)
    fs.chmodSync(file, 0o700)
    return file
  } catch {
    // A temp folder that takes no file: the launch without the namespace says so.
    return undefined
  }
}
