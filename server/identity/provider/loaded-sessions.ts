// oidc-provider loads a browser's session at the start of each of its requests and saves it
// whole at the end, so two requests of one browser at once (the app's silent renewal beside
// the sign-out page) each saved the copy they had loaded, and the later save undid the other:
// the sign-out's secret vanished ("could not find logout details"), or a session just signed
// out was written back. Each provider request keeps what it loaded (storage adapter, adapter.ts);
// its save writes the members it changed over what is stored by then, and brings back no
// session that was removed meanwhile.
import { AsyncLocalStorage } from 'node:async_hooks'
import { isDeepStrictEqual } from 'node:util'
import type { AdapterPayload } from 'oidc-provider'

const loaded = new AsyncLocalStorage<Map<string, AdapterPayload>>()

/** Runs one provider request with its own record of the sessions it loads. */
export function withLoadedSessions<T>(request: () => Promise<T>): Promise<T> {
  return loaded.run(new Map(), request)
}

/** As stored: JSON drops what is undefined, and PostgreSQL's jsonb orders keys its own way. */
const asStored = (payload: AdapterPayload): AdapterPayload => JSON.parse(JSON.stringify(payload))

export function rememberLoaded(id: string, payload: AdapterPayload | undefined): void {
  if (payload) loaded.getStore()?.set(id, asStored(payload))
}

/** Whether a save of this session must be merged with what is stored (this request loaded it). */
export const wasLoaded = (id: string): boolean => loaded.getStore()?.has(id) ?? false

/**
 * What to store when this request saves a session it loaded: its own changes over `stored`,
 * or nothing (undefined) when the session was removed since.
 */
export function mergeWithStored(
  id: string,
  mine: AdapterPayload,
  stored: AdapterPayload | undefined,
): AdapterPayload | undefined {
  const requestLoads = loaded.getStore()
  const base = requestLoads?.get(id)
  if (!base || !requestLoads) return mine
  if (!stored) return undefined
  const ours = asStored(mine)
  const merged: Record<string, unknown> = { ...stored }
  for (const key of new Set([...Object.keys(base), ...Object.keys(ours)])) {
    if (isDeepStrictEqual(ours[key], base[key])) continue
    if (ours[key] === undefined) delete merged[key]
    else merged[key] = ours[key]
  }
  requestLoads.set(id, merged as AdapterPayload)
  return merged as AdapterPayload
}
