// What the MRAID host (mraid-host/, running inside the creative's document) and its container
// (the workbench) say to each other by postMessage, and the query parameters the container
// sets on the creative's URL. Both sides import these; nothing else spells the tags.

/** The `source` of every message the host sends. */
export const HOST_MESSAGE_SOURCE = 'ads-preview-mraid'
/** The `source` of every message the container sends the host. */
export const CONTAINER_MESSAGE_SOURCE = 'ads-preview-workbench'

/** The file the server answers for any `mraid.js` a package lacks; built with the client. */
export const MRAID_HOST_ASSET = 'mraid-host.js'

export type HostMessage =
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'call'; detail: { method: string; args: unknown[] } }
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'event'; detail: { event: string; args: unknown[] } }
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'error'; detail: { message: string; action: string } }
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'console'; detail: { level: string; message: string } }
  | {
      source: typeof HOST_MESSAGE_SOURCE
      kind: 'network'
      detail: { url: string; type: string; bytes: number }
    }

export type HostMessageKind = HostMessage['kind']
export type HostMessageDetail<K extends HostMessageKind> = Extract<HostMessage, { kind: K }>['detail']

export type ContainerMessage =
  | { source: typeof CONTAINER_MESSAGE_SOURCE; type: 'viewable'; value: boolean }
  | { source: typeof CONTAINER_MESSAGE_SOURCE; type: 'exposure'; value: number }
  | { source: typeof CONTAINER_MESSAGE_SOURCE; type: 'volume'; value: number }

/** A container message before its source tag is added. */
export type ContainerCommand = ContainerMessage extends infer M
  ? M extends unknown
    ? Omit<M, 'source'>
    : never
  : never

export function isHostMessage(data: unknown): data is HostMessage {
  return (
    typeof data === 'object' && data !== null && (data as { source?: unknown }).source === HOST_MESSAGE_SOURCE
  )
}

export function isContainerMessage(data: unknown): data is ContainerMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === CONTAINER_MESSAGE_SOURCE
  )
}

/** Query parameters of the creative's URL that the host reads. */
export const HOST_PARAMS = {
  /** 'inline' (default) or 'interstitial'. */
  placement: 'placement',
  /** The device's screen and the ad's maximum size, as WxH; a plain tab measures its own. */
  screen: 'screen',
  max: 'max',
  /** 'false' starts the ad not viewable. */
  viewable: 'viewable',
  /** Starting volume, 0 to 100. */
  volume: 'volume',
} as const
