// The renderer's processes run five nice steps below the server (nice 5 for a server at 0, at
// most 19), so a creative that spins gets about a third of what the server would, and the server
// keeps answering. Relative rather than the lowest: a server that itself runs at a high priority
// on a busy machine would otherwise starve every honest render past its time budget. While the
// server is answering requests, though, the browser yields altogether (nice 19): the request
// path comes first, and a render's budget grows by the time it yielded (sandbox.ts).
//
// Linux keeps a nice value per thread and a forked process takes its parent's, so every thread
// of the browser's processes is lowered right after launch; the renderers forked later from its
// zygote inherit it. Where Linux groups processes by session for scheduling (autogroup, on by
// default without a CPU cgroup), a nice value only ranks a group's own threads, and Playwright
// starts the browser in a session of its own: its group then got as much CPU as the server's
// whatever its threads' nice values (a mixed load measured the server's main thread waiting
// 7.9 s of 20 to run), so the group's own nice value is set too. Elsewhere than Linux (no /proc)
// this does nothing.
import fs from 'node:fs'
import os from 'node:os'

const STEPS_BELOW_SERVER = 5
const LOWEST = 19

/** The nice value of the renderer's processes: five steps below this process's own, or the lowest while it yields. */
export function rendererNice(yielding = false): number {
  return yielding ? LOWEST : Math.min(LOWEST, os.getPriority() + STEPS_BELOW_SERVER)
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

/** Every thread of the process at `nice`. */
function lower(pid: string, nice: number): void {
  for (const thread of listOr(`/proc/${pid}/task`)) {
    try {
      os.setPriority(Number(thread), nice)
    } catch {
      // Gone meanwhile.
    }
  }
}

/** A process's scheduling group and its nice value, as `/autogroup-9393 nice 0`. */
export const autogroupOf = (pid: string) => readOr(`/proc/${pid}/autogroup`, '')
const groupName = (pid: string) => autogroupOf(pid).split(' ')[0] ?? ''

/**
 * A browser process's scheduling group at `nice`, when it is not the server's own (any user may
 * lower a group; Linux takes one change per 100 ms, and a change comes at most every 250 ms).
 */
function lowerGroup(pid: string, nice: number, ownGroup: string): void {
  const group = groupName(pid)
  if (!group || group === ownGroup) return
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice))
  } catch {
    // Gone meanwhile, or a kernel without autogroup.
  }
}

/** The processes renderers are forked from, known since their browser's launch. */
const zygotes = new Set<string>()
/** The nice value last given to the whole browser. */
let applied = rendererNice()

function lowerBrowser(nice: number): void {
  applied = nice
  const ownGroup = groupName('self')
  for (const pid of browserProcesses()) {
    lower(pid, nice)
    lowerGroup(pid, nice, ownGroup)
    if (readOr(`/proc/${pid}/cmdline`, '').includes('--type=zygote')) zygotes.add(pid)
  }
}

/** Right after a launch: the whole browser, and where its renderers will come from. */
export function lowerBrowserPriority(): void {
  lowerBrowser(rendererNice())
}

/** The nice value of a process's main thread (field 19 of stat; the split starts at field 3). */
function niceOf(pid: string): number {
  return Number(readOr(`/proc/${pid}/stat`, ') ').split(') ')[1]?.split(' ')[16])
}

/**
 * While a render lasts, every 250 ms: when the server starts or stops answering requests, the
 * whole browser moves to its new priority; otherwise only renderers not at it are lowered again
 * (Chromium sets its renderers' priority itself and, run as root, may raise it). Cheap: only
 * the zygotes' children are read.
 */
export function keepRenderersLow(yielding: boolean): void {
  const nice = rendererNice(yielding)
  if (nice !== applied) {
    lowerBrowser(nice)
    return
  }
  for (const zygote of zygotes) {
    if (!fs.existsSync(`/proc/${zygote}`)) zygotes.delete(zygote)
    for (const renderer of childrenOf(zygote)) if (niceOf(renderer) !== nice) lower(renderer, nice)
  }
}
