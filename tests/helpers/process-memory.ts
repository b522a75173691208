// Resident memory of another process, read from outside as the operating system sees it (Linux
// /proc), for tests that bound what a real server may use.
import fs from 'node:fs'

/** Resident memory in bytes: now, and the peak since `resetPeak`. */
export function residentMemory(pid: number): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  return { now: kb('VmRSS'), peak: kb('VmHWM') }
}

/** Starts a new peak (writing 5 to clear_refs resets VmHWM). */
export function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
}
