// One run of the creative in the workbench's frame: what its MRAID host reports (state, resize
// properties, console lines) and the messages the workbench sends it as the app's container.
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  CONTAINER_MESSAGE_SOURCE,
  type ContainerCommand,
  type DeviceReport,
  isHostMessage,
} from '../../shared/mraid/host-protocol.ts'
import type { LineKind, LogLine } from './console-lines.ts'
import { describeHostMessage, type HostState } from './host-messages.ts'

const MAX_LOG_LINES = 2000
/** This browser's run, as a console source. */
export const HERE = { id: 'here', title: 'This browser' }

export interface ResizeProperties {
  width: number
  height: number
  offsetX: number
  offsetY: number
}

/**
 * @param onReady tells a freshly loaded ad the container's current settings.
 * @param onDevice hears the device the ad sees (and the orientation it forces).
 * @param now the time on the console's clock (the server's, once a live session knows it).
 */
export function useHostRun(
  onReady: (send: (message: ContainerCommand) => void) => void,
  onDevice: (device: DeviceReport) => void,
  now: () => number,
) {
  const [hostState, setHostState] = useState<HostState>('loading')
  const [resize, setResize] = useState<ResizeProperties | null>(null)
  const [log, setLog] = useState<LogLine[]>([])
  const [generation, setGeneration] = useState(0)
  const frame = useRef<HTMLIFrameElement>(null)
  const onReadyRef = useRef(onReady)
  onReadyRef.current = onReady
  const onDeviceRef = useRef(onDevice)
  onDeviceRef.current = onDevice
  const nowRef = useRef(now)
  nowRef.current = now
  const nextId = useRef(0)

  const append = useCallback((kind: LineKind, text: string) => {
    const line = { id: nextId.current++, at: nowRef.current(), kind, text, source: HERE.id }
    setLog((lines) => [...lines.slice(-(MAX_LOG_LINES - 1)), line])
  }, [])

  const send = useCallback(
    (message: ContainerCommand) =>
      frame.current?.contentWindow?.postMessage({ source: CONTAINER_MESSAGE_SOURCE, ...message }, '*'),
    [],
  )

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the creative's own frame speaks to the workbench.
      if (event.source !== frame.current?.contentWindow || !isHostMessage(event.data)) return
      const message = event.data
      append(message.kind, describeHostMessage(message))
      if (message.kind === 'event' && message.detail.event === 'ready') onReadyRef.current(send)
      if (message.kind === 'device') onDeviceRef.current(message.detail)
      if (message.kind === 'event' && message.detail.event === 'stateChange') {
        setHostState((message.detail.args as HostState[])[0] ?? 'default')
      }
      if (message.kind === 'call' && message.detail.method === 'setResizeProperties') {
        const [properties] = message.detail.args as [ResizeProperties]
        if (properties) setResize(properties)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [append, send])

  const restart = useCallback(() => {
    setHostState('loading')
    setResize(null)
    setGeneration((g) => g + 1)
  }, [])

  return {
    frame,
    hostState,
    resize,
    log,
    generation,
    append,
    send,
    restart,
    clearLog: () => setLog([]),
  }
}
