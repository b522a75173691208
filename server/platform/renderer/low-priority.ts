// The renderer's processes run five nice steps below the server (nice 5 for a server at 0, at
// most 19), so a creative that spins gets about a third of what the server would for the few
// seconds its render may last, and the server keeps answering. Relative rather than the lowest:
// a server that itself runs at a high priority on a busy machine would otherwise starve every
// honest render past its time budget. Linux keeps a
// nice value per thread and a forked process takes its parent's, so every thread of the browser's
// processes is lowered right after launch; the renderers forked later from its zygote inherit it.
// Elsewhere than Linux (no /proc) this does nothing.
import fs from 'node:fs'
import os from 'node:os'

const STEPS_BELOW_SERVER = 5

/** The nice value of the renderer's processes: five steps below this process's own. */
export function rendererNice(): number {
  return Math.min(19, os.getPriority() + STEPS_BELOW_SERVER)
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return fallback
  }
}

function listOr(folder: string): string[] {
  try {
    return fs.readdirSync(folder)
  } catch {
    return []
  }
}

/** Direct children, from each thread's `children` list (no scan of every process). */
function childrenOf(pid: string): string[] {
  return listOr(`/proc/${pid}/task`).flatMap((thread) =>
    readOr(`/proc/${pid}/task/${thread}/children`, '').split(' ').filter(Boolean),
  )
}

function isNode(pid: string): boolean {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`) === process.execPath
  } catch {
    return true
  }
}

/** Processes below ours that are not Node itself (the browser, its zygotes and helpers). */
export function browserProcesses(): string[] {
  const found: string[] = []
  const pending = childrenOf(String(process.pid)).filter((pid) => !isNode(pid))
  for (let pid = pending.pop(); pid; pid = pending.pop()) {
    found.push(pid)
    pending.push(...childrenOf(pid))
  }
  return found
}

/** Every thread of the process at the renderer's priority. */
function lower(pid: string): void {
  const nice = rendererNice()
  for (const thread of listOr(`/proc/${pid}/task`)) {
    try {
      os.setPriority(Number(thread), nice)
    } catch {
      // Gone meanwhile.
    }
  }
}

/** The processes renderers are forked from, known since their browser's launch. */
const zygotes = new Set<string>()

/** Right after a launch: the whole browser, and where its renderers will come from. */
export function lowerBrowserPriority(): void {
  for (const pid of browserProcesses()) {
    lower(pid)
    if (readOr(`/proc/${pid}/cmdline`, '').includes('--type=zygote')) zygotes.add(pid)
  }
}

/** The nice value of a process's main thread (field 19 of stat; the split starts at field 3). */
function niceOf(pid: string): number {
  return Number(readOr(`/proc/${pid}/stat`, ') ').split(') ')[1]?.split(' ')[16])
}

/**
 * While a render lasts: Chromium sets its renderers' priority itself (and, run as root, may
 * raise it again), so each renderer not at its priority is lowered again. Cheap: only the
 * zygotes' children are read.
 */
export function keepRenderersLow(): void {
  for (const zygote of zygotes) {
    if (!fs.existsSync(`/proc/${zygote}`)) zygotes.delete(zygote)
    for (const renderer of childrenOf(zygote)) if (niceOf(renderer) !== rendererNice()) lower(renderer)
  }
}
