// What covers the screen on the real device, over the ad: the safe-area insets shaded, the
// camera cutout and the home indicator drawn. Clicks pass through, so that QA sees what would be
// covered and can still reach the ad's controls under it.
import type { DeviceGeometry } from './devices.ts'

export function SafeAreaOverlay({ device }: { device: DeviceGeometry }) {
  const { safeArea, orientation } = device
  const { cutout, homeIndicator } = device.device
  const cutoutSide = orientation === 'portrait' ? 'top' : 'left'
  return (
    <div className="safe-area-overlay" aria-hidden="true" data-testid="safe-area-overlay">
      {(['top', 'right', 'bottom', 'left'] as const).map((side) =>
        safeArea[side] > 0 ? (
          <div
            key={side}
            className={`inset inset-${side}`}
            style={{ [side === 'top' || side === 'bottom' ? 'height' : 'width']: safeArea[side] }}
          />
        ) : null,
      )}
      {cutout !== 'none' && <div className={`cutout cutout-${cutout} cutout-${cutoutSide}`} />}
      {homeIndicator && <div className={`home-indicator home-indicator-${orientation}`} />}
    </div>
  )
}
