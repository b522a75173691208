// A renderer process may hold RENDERER_MEMORY_MB of data: RLIMIT_DATA counts its heap and every
// private writable mapping, which is where ArrayBuffers, decoded images and V8's heap live,
// while the large ranges V8 only reserves count once they are made writable. The JavaScript
// heap cap (browser.ts) bounds V8's old space alone: ArrayBuffers of 3 GB took a renderer to
// 3.2 GB. The limit is set, soft and hard, on the zygotes right after launch, so every renderer
// forked from them has it and cannot raise it; past it an allocation fails (a RangeError in the
// creative's script) or the renderer ends (its page crashes and its render stops). Node cannot
// set another process's limits: util-linux's prlimit does. A render's popups are closed
// (sandbox.ts), so a creative cannot multiply its renderers.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { logger } from '../log/logger.ts'
import { browserProcesses } from './low-priority.ts'

export const RENDERER_MEMORY_MB = 1024

function isRendererOrZygote(pid: string): boolean {
  try {
    return /--type=(zygote|renderer)\b/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
  } catch {
    return false
  }
}

/** Right after a launch: the renderers' memory limit on every process they come from. */
export function limitRendererMemory(): void {
  if (process.platform !== 'linux') return
  const bytes = RENDERER_MEMORY_MB * 1024 * 1024
  for (const pid of browserProcesses().filter(isRendererOrZygote)) {
    const result = spawnSync('prlimit', ['--pid', pid, `--data=${bytes}:${bytes}`], { encoding: 'utf8' })
    if (result.status !== 0)
      logger.warn(
        { pid, err: result.error ?? result.stderr },
        "The renderer's memory limit could not be set: its renderers are bounded by the JavaScript heap cap only",
      )
  }
}
