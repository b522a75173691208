// setResizeProperties' rules (MRAID 2.0 §resize): at least 50x50, a known close position, on
// screen when allowOffscreen is false, and the 50x50 close region on screen whatever it says.
import type { Size } from './host-options.ts'

export const CLOSE_REGION_SIZE = 50

const CLOSE_POSITIONS = [
  'top-left',
  'top-right',
  'center',
  'bottom-left',
  'bottom-right',
  'top-center',
  'bottom-center',
] as const
export type ClosePosition = (typeof CLOSE_POSITIONS)[number]

export interface ResizeProperties {
  width: number
  height: number
  offsetX: number
  offsetY: number
  customClosePosition: ClosePosition
  allowOffscreen: boolean
}

/** What getResizeProperties() answers before setResizeProperties, as the SDKs' bridges do. */
export const DEFAULT_RESIZE_PROPERTIES: ResizeProperties = {
  width: 0,
  height: 0,
  offsetX: 0,
  offsetY: 0,
  customClosePosition: 'top-right',
  allowOffscreen: true,
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/** The accepted properties, or the error message to fire. */
export function checkResizeProperties(input: unknown, max: Size): ResizeProperties | string {
  if (!input || typeof input !== 'object') return 'setResizeProperties needs an object'
  const properties = input as Record<string, unknown>
  for (const name of ['width', 'height', 'offsetX', 'offsetY']) {
    if (!isNumber(properties[name])) return `${name} is required and must be a number`
  }
  const { width, height, offsetX: x, offsetY: y } = properties as Record<string, number>
  if (width! < CLOSE_REGION_SIZE || height! < CLOSE_REGION_SIZE)
    return 'The resized ad must be at least 50x50'
  const allowOffscreen = properties.allowOffscreen !== false
  const closePosition = (properties.customClosePosition ?? 'top-right') as ClosePosition
  if (!CLOSE_POSITIONS.includes(closePosition)) return `Unknown customClosePosition: ${String(closePosition)}`
  if (!allowOffscreen && (width! > max.width || height! > max.height)) {
    return 'The resized ad does not fit on screen and allowOffscreen is false'
  }
  const along = (start: number, length: number, low: boolean, high: boolean) =>
    low ? start : high ? start + length - CLOSE_REGION_SIZE : start + length / 2 - CLOSE_REGION_SIZE / 2
  const closeX = along(x!, width!, closePosition.includes('left'), closePosition.includes('right'))
  const closeY = along(y!, height!, closePosition.includes('top'), closePosition.includes('bottom'))
  if (
    closeX < 0 ||
    closeY < 0 ||
    closeX + CLOSE_REGION_SIZE > max.width ||
    closeY + CLOSE_REGION_SIZE > max.height
  ) {
    return 'The close region would be off screen'
  }
  return {
    width: width!,
    height: height!,
    offsetX: x!,
    offsetY: y!,
    customClosePosition: closePosition,
    allowOffscreen,
  }
}
