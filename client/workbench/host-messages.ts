// The workbench's reading of what the MRAID host (mraid-host/) reports, and where the app's
// container puts the ad's web view.
import type { HostMessage, Size } from '../../shared/mraid/host-protocol.ts'
import type { DeviceGeometry } from './devices.ts'

/** The app's own bar above an inline banner. */
const APP_BAR_HEIGHT = 56

const DIALOGS = ['alert', 'confirm', 'prompt']

/** One console line for a host message. */
export function describeHostMessage(message: HostMessage): string {
  const args = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ')
  switch (message.kind) {
    case 'call':
      // The host's own close control is no call of the ad's: the line says who closed.
      if (message.detail.by === 'host') return 'closed by the host’s close control'
      return `mraid.${message.detail.method}(${args(message.detail.args)})${message.detail.by === 'ad' ? ': closed by the ad' : ''}`
    case 'event':
      return `${message.detail.event}(${args(message.detail.args)})`
    case 'error':
      return `${message.detail.action}: ${message.detail.message}`
    case 'console':
      // alert, confirm and prompt, which a sandboxed frame would swallow, as their own lines.
      if (DIALOGS.includes(message.detail.level)) return `${message.detail.level}: ${message.detail.message}`
      return `console.${message.detail.level}: ${message.detail.message}`
    case 'device': {
      const d = message.detail
      const size = (s: { width: number; height: number }) => `${s.width}x${s.height}`
      const safe = d.safeArea
      const lock = d.forced ? `, forced ${d.forced}` : ''
      return `${d.orientation}: screen ${size(d.screen)}, max ${size(d.maxSize)}, web view ${size(d.viewport)}, safe area ${safe.top} ${safe.right} ${safe.bottom} ${safe.left}, ${d.pixelRatio}x${lock}${d.locked ? ', locked' : ''}`
    }
    case 'network':
      return `${message.detail.type} ${message.detail.url}${message.detail.bytes ? ` (${message.detail.bytes} B)` : ''}`
  }
}

export interface SizePreset {
  id: string
  width: number
  height: number
  placement: Placement
}

export const SIZE_PRESETS: readonly SizePreset[] = [
  { id: '320x50', width: 320, height: 50, placement: 'inline' },
  { id: '300x250', width: 300, height: 250, placement: 'inline' },
  { id: '728x90', width: 728, height: 90, placement: 'inline' },
  { id: '300x600', width: 300, height: 600, placement: 'inline' },
  { id: '320x480 interstitial', width: 320, height: 480, placement: 'interstitial' },
]

export type Placement = 'inline' | 'interstitial'
export type HostState = 'loading' | 'default' | 'expanded' | 'resized' | 'hidden'

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Where the container puts the ad's web view for a state (MRAID 2.0 §§ expand, resize): an
 *  inline ad under the status bar and an app bar, an expanded one over the safe area, an
 *  interstitial over the whole screen. */
export function adBox(
  state: HostState,
  placement: Placement,
  size: Size,
  device: DeviceGeometry,
  resize: { width: number; height: number; offsetX: number; offsetY: number } | null,
): Box {
  const { screen, safeArea, maxSize } = device
  const inline = {
    x: Math.max(0, Math.round((screen.width - size.width) / 2)),
    y: safeArea.top + APP_BAR_HEIGHT,
    ...size,
  }
  if (placement === 'interstitial') return { x: 0, y: 0, ...screen }
  if (state === 'expanded') return { x: safeArea.left, y: safeArea.top, ...maxSize }
  if (state === 'resized' && resize) {
    return {
      x: inline.x + resize.offsetX,
      y: inline.y + resize.offsetY,
      width: resize.width,
      height: resize.height,
    }
  }
  return inline
}
