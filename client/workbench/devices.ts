// The phones and tablets the workbench plays: screen size in CSS pixels and the safe area that
// the status bar, camera cutout and home indicator take, per orientation (the safe-area insets
// each model's browser reports). The ad may grow to the safe area (its max size).
import type { Insets, Orientation, Size } from '../../shared/mraid/host-protocol.ts'

export interface Device {
  id: string
  name: string
  /** Portrait screen, CSS pixels. */
  screen: Size
  safeArea: Record<Orientation, Insets>
  /** What covers the top of the screen in portrait (drawn as an overlay). */
  cutout: 'island' | 'notch' | 'hole' | 'none'
  homeIndicator: boolean
}

type Edges = [top: number, right: number, bottom: number, left: number]
const insets = ([top, right, bottom, left]: Edges): Insets => ({ top, right, bottom, left })

function device(
  id: string,
  model: string,
  [width, height]: [number, number],
  portrait: Edges,
  landscape: Edges,
  cutout: Device['cutout'],
  homeIndicator = true,
): Device {
  return {
    id,
    name: `${model} (${width}x${height})`,
    screen: { width, height },
    safeArea: { portrait: insets(portrait), landscape: insets(landscape) },
    cutout,
    homeIndicator,
  }
}

export const DEVICES: readonly Device[] = [
  device('iphone-15', 'iPhone 15', [393, 852], [59, 0, 34, 0], [0, 59, 21, 59], 'island'),
  device('iphone-13-mini', 'iPhone 13 mini', [375, 812], [50, 0, 34, 0], [0, 50, 21, 50], 'notch'),
  device('iphone-se', 'iPhone SE', [375, 667], [20, 0, 0, 0], [0, 0, 0, 0], 'none', false),
  device('ipad-mini', 'iPad mini', [744, 1133], [24, 0, 20, 0], [24, 0, 20, 0], 'none'),
  device('pixel-8', 'Pixel 8', [412, 915], [24, 0, 16, 0], [0, 0, 16, 24], 'hole'),
]

export interface DeviceGeometry {
  device: Device
  orientation: Orientation
  screen: Size
  safeArea: Insets
  /** The safe area's size: the most an ad may expand to. */
  maxSize: Size
}

export function deviceGeometry(deviceId: string, orientation: Orientation): DeviceGeometry {
  const device = DEVICES.find((d) => d.id === deviceId) ?? DEVICES[0]!
  const { width, height } = device.screen
  const screen = orientation === 'landscape' ? { width: height, height: width } : { width, height }
  const safeArea = device.safeArea[orientation]
  return {
    device,
    orientation,
    screen,
    safeArea,
    maxSize: {
      width: screen.width - safeArea.left - safeArea.right,
      height: screen.height - safeArea.top - safeArea.bottom,
    },
  }
}
