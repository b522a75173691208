// One child process of a pool: its heap capped through NODE_OPTIONS, the tail of its stderr kept
// (the last line says why it died, and V8 writes "heap out of memory" there when the cap is hit),
// and whether it said it was ready before it exited.
import type { ChildProcess } from 'node:child_process'

/** Starts a child with this environment: stderr piped, an IPC channel. */
export type SpawnChild = (env: NodeJS.ProcessEnv) => ChildProcess

export interface StartedChild {
  child: ChildProcess
  /** True once the child sent its ready message, false when it exited first. */
  ready: Promise<boolean>
  stderr(): string
}

export interface StartOptions {
  spawn: SpawnChild
  heapMb: number
  readyMessage: unknown
  /** Add the heap cap to this process's NODE_OPTIONS rather than replace them. */
  inheritNodeOptions?: boolean
}

export function startChild({ spawn, heapMb, readyMessage, inheritNodeOptions }: StartOptions): StartedChild {
  const inherited = inheritNodeOptions ? (process.env.NODE_OPTIONS ?? '') : ''
  const child = spawn({
    ...process.env,
    NODE_OPTIONS: `${inherited} --max-old-space-size=${heapMb}`.trim(),
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4096)
  })
  child.on('error', () => {})
  const ready = new Promise<boolean>((resolve) => {
    const onReady = (message: unknown) => {
      if (message !== readyMessage) return
      child.off('message', onReady)
      resolve(true)
    }
    child.on('message', onReady)
    child.once('exit', () => resolve(false))
  })
  return { child, ready, stderr: () => stderr }
}

/** Idle children keep neither the parent alive nor their memory for long. */
export function setIdle({ child }: StartedChild, idle: boolean): void {
  const handle = child.channel as { ref(): void; unref(): void } | null | undefined
  if (idle) {
    child.unref()
    handle?.unref()
  } else {
    child.ref()
    handle?.ref()
  }
}

/** Whether a child that exited ran out of its heap, by what V8 wrote before it died. */
export function ranOutOfHeap(stderr: string): boolean {
  return /heap out of memory|Reached heap limit/.test(stderr)
}

/** The last line a child wrote to stderr: the reason it gives for stopping. */
export function lastLine(stderr: string): string {
  return stderr.trim().split('\n').pop() ?? ''
}
