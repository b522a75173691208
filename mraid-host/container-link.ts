// The host's line to its container: what the creative does goes out (to the workbench, when the
// creative runs in its frame), and the container's settings come in.

import {
  type ContainerMessage,
  HOST_MESSAGE_SOURCE,
  type HostMessageDetail,
  type HostMessageKind,
  isContainerMessage,
} from '../shared/mraid/host-protocol.ts'
import type { HostWindow } from './host-window.ts'

export type Report = <K extends HostMessageKind>(kind: K, detail: HostMessageDetail<K>) => void

export function createContainerLink(window: HostWindow) {
  const framed = window.parent !== window
  const report: Report = (kind, detail) => {
    if (!framed) return
    try {
      window.parent.postMessage({ source: HOST_MESSAGE_SOURCE, kind, detail }, '*')
    } catch {
      // A detail that cannot be cloned (a function among the arguments) is not worth a crash.
    }
  }
  return {
    framed,
    report,
    /** Messages from the parent frame only: the creative's own frames cannot drive the host. */
    onMessage(handle: (message: ContainerMessage) => void): void {
      window.addEventListener('message', (event) => {
        if (event.source === window.parent && isContainerMessage(event.data)) handle(event.data)
      })
    },
  }
}
