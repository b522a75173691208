// The creative's event listeners, by MRAID event name.
export const MRAID_EVENTS = [
  'ready',
  'error',
  'stateChange',
  'viewableChange',
  'exposureChange',
  'sizeChange',
  'audioVolumeChange',
] as const
export type MraidEvent = (typeof MRAID_EVENTS)[number]

export type Listener = (...args: unknown[]) => void

export function isMraidEvent(name: unknown): name is MraidEvent {
  return (MRAID_EVENTS as readonly unknown[]).includes(name)
}

export function createListeners(onListenerError: (error: unknown) => void) {
  const byEvent = new Map<MraidEvent, Listener[]>()
  return {
    add(event: MraidEvent, listener: Listener): void {
      const list = byEvent.get(event) ?? []
      if (!list.includes(listener)) list.push(listener)
      byEvent.set(event, list)
    },
    /** False when the listener was not registered. */
    remove(event: MraidEvent, listener?: Listener): boolean {
      const list = byEvent.get(event)
      if (!list) return true
      if (listener === undefined) {
        byEvent.delete(event)
        return true
      }
      const at = list.indexOf(listener)
      if (at < 0) return false
      list.splice(at, 1)
      return true
    },
    call(event: MraidEvent, args: unknown[]): void {
      // Copied first: a listener that removes itself must not make the next one skip.
      for (const listener of [...(byEvent.get(event) ?? [])]) {
        try {
          listener(...args)
        } catch (error) {
          onListenerError(error)
        }
      }
    },
  }
}
