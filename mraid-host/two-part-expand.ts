// Two-part expand as the SDKs do it: expand(url) loads part 2 in the expanded container of the
// same ad (a frame over part 1, under the close control), where our mraid.js finds itself part 2
// (HOST_PARAMS.part) and starts expanded. Part 2's close() asks part 1, which closes the ad back
// to default; what part 2's host reports reaches the workbench through part 1, and what the
// workbench tells part 1 reaches part 2.
import {
  type ContainerMessage,
  HOST_PARAMS,
  isHostMessage,
  PART_MESSAGE_SOURCE,
} from '../shared/mraid/host-protocol.ts'
import type { HostWindow } from './host-window.ts'

export function isPartClose(data: unknown): boolean {
  const message = data as { source?: unknown; type?: unknown } | null
  return typeof message === 'object' && message?.source === PART_MESSAGE_SOURCE && message.type === 'close'
}

/** Part 2 asks part 1 to close the ad. */
export function askPartOneToClose(window: HostWindow): void {
  if (window.parent !== window) window.parent.postMessage({ source: PART_MESSAGE_SOURCE, type: 'close' }, '*')
}

/** Part 2's address: a relative one (the package's own page) learns the host's settings. */
function partTwoUrl(url: string, search: string): string {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return url
  const params = new URLSearchParams(search)
  params.set(HOST_PARAMS.part, '2')
  return `${url}${url.includes('?') ? '&' : '?'}${params}`
}

export function createPartTwo(window: HostWindow, onClose: () => void) {
  const document = window.document
  let frame: HTMLIFrameElement | null = null
  window.addEventListener('message', (event) => {
    if (!frame || event.source !== frame.contentWindow) return
    if (isPartClose(event.data)) onClose()
    else if (isHostMessage(event.data) && window.parent !== window) window.parent.postMessage(event.data, '*')
  })
  return {
    open(url: string): void {
      if (frame || !document.body) return
      frame = document.createElement('iframe')
      frame.setAttribute('title', 'Expanded ad')
      frame.src = partTwoUrl(url, window.location.search)
      frame.style.cssText =
        'position:fixed;top:0;left:0;width:100%;height:100%;border:0;margin:0;z-index:2147483646;background:#fff;'
      document.body.appendChild(frame)
    },
    close(): void {
      frame?.parentNode?.removeChild(frame)
      frame = null
    },
    /** What the container tells the ad, part 2 hears too. */
    forward(message: ContainerMessage): void {
      frame?.contentWindow?.postMessage(message, '*')
    },
  }
}
