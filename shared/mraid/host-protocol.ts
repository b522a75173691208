// What the MRAID host (mraid-host/, running inside the creative's document) and its container
// (the workbench) say to each other by postMessage, and the query parameters the container
// sets on the creative's URL. Both sides import these; nothing else spells the tags.

/** The `source` of every message the host sends. */
export const HOST_MESSAGE_SOURCE = 'ads-preview-mraid'
/** The `source` of every message the container sends the host. */
export const CONTAINER_MESSAGE_SOURCE = 'ads-preview-workbench'

/** The file the server answers for any `mraid.js` a package lacks; built with the client. */
export const MRAID_HOST_ASSET = 'mraid-host.js'

export interface Size {
  width: number
  height: number
}

export interface Insets {
  top: number
  right: number
  bottom: number
  left: number
}

export type Orientation = 'portrait' | 'landscape'

/** The device as the host sees it: reported at start and after every rotation or resize. */
export interface DeviceReport {
  orientation: Orientation
  screen: Size
  maxSize: Size
  /** The web view's own size. */
  viewport: Size
  safeArea: Insets
  userAgent: string
  pixelRatio: number
  /** The orientation the ad forces (an interstitial or an expanded ad), and whether it locks it. */
  forced?: Orientation | null
  locked?: boolean
}

export type HostMessage =
  | {
      source: typeof HOST_MESSAGE_SOURCE
      kind: 'call'
      /** `by`: who closed the ad, on close (the host's own close control is no call of the ad's). */
      detail: { method: string; args: unknown[]; by?: 'host' | 'ad' }
    }
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'event'; detail: { event: string; args: unknown[] } }
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'error'; detail: { message: string; action: string } }
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'console'; detail: { level: string; message: string } }
  | {
      source: typeof HOST_MESSAGE_SOURCE
      kind: 'network'
      detail: { url: string; type: string; bytes: number }
    }
  | { source: typeof HOST_MESSAGE_SOURCE; kind: 'device'; detail: DeviceReport }

export type HostMessageKind = HostMessage['kind']
export type HostMessageDetail<K extends HostMessageKind> = Extract<HostMessage, { kind: K }>['detail']

export type ContainerMessage =
  | { source: typeof CONTAINER_MESSAGE_SOURCE; type: 'viewable'; value: boolean }
  | { source: typeof CONTAINER_MESSAGE_SOURCE; type: 'exposure'; value: number }
  | { source: typeof CONTAINER_MESSAGE_SOURCE; type: 'volume'; value: number }
  /** The device rotated (or changed): the host answers with a 'device' report once applied. */
  | {
      source: typeof CONTAINER_MESSAGE_SOURCE
      type: 'device'
      orientation: Orientation
      screen: Size
      maxSize: Size
      safeArea: Insets
    }
  /** Where the container put the ad's web view on the screen. */
  | { source: typeof CONTAINER_MESSAGE_SOURCE; type: 'position'; x: number; y: number }

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

/** The `source` of what part 2 of a two-part expand tells part 1 (its own parent frame). */
export const PART_MESSAGE_SOURCE = 'ads-preview-mraid-part'

/** Query parameters of the creative's URL that the host reads. */
export const HOST_PARAMS = {
  /** 'inline' (default) or 'interstitial'. */
  placement: 'placement',
  /** Which SDK the host plays (shared/mraid/host-profiles.ts); the IAB's MRAID 3.0 by default. */
  profile: 'profile',
  /** The device's screen and the ad's maximum size, as WxH; a plain tab measures its own. */
  screen: 'screen',
  max: 'max',
  /** 'landscape' starts the device in landscape (the container rotates it by message later). */
  orientation: 'orientation',
  /** The safe-area insets as top,right,bottom,left. */
  safeArea: 'safe',
  /** 'false' starts the ad not viewable. */
  viewable: 'viewable',
  /** Starting volume, 0 to 100. */
  volume: 'volume',
  /** '2': part 2 of a two-part expand, loaded by part 1's host in its expanded container. */
  part: 'part',
} as const
