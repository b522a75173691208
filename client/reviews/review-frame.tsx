// An ad in a device frame on the review page, at the device's screen size scaled to fit the
// column; the ad at its declared size (centred), or the whole screen without one. Pins of
// comments show where they point; with pinning on, a click on the ad picks a point.
import { useLayoutEffect, useRef, useState } from 'react'
import type { ReviewItem } from '../../shared/review.ts'
import type { Device } from '../workbench/devices.ts'

export type Pin = { x: number; y: number }

/** What a frame shows: the review page's item, or a package on the compare page. */
export type FramedAd = Pick<ReviewItem, 'previewUrl' | 'filename' | 'version' | 'adSize' | 'comments'>

export function ReviewFrame({
  item,
  device,
  pinning = false,
  onPin,
  title = `${item.filename} (version ${item.version})`,
}: {
  item: FramedAd
  device: Device
  /** The frame's accessible name, when several frames show one version. */
  title?: string
  pinning?: boolean
  onPin?(pin: Pin): void
}) {
  const fit = useRef<HTMLDivElement>(null)
  const [scale, setScale] = useState(1)
  const { width, height } = device.screen
  useLayoutEffect(() => {
    const box = fit.current
    if (!box) return
    const measure = () => setScale(Math.min(1, box.clientWidth / (width + 20)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    return () => observer.disconnect()
  }, [width])
  const [adWidth, adHeight] = item.adSize?.split('x').map(Number) ?? [width, height]
  const pins = item.comments.flatMap((c, i) => (c.pin ? [{ n: i + 1, ...c.pin }] : []))
  return (
    <div className="review-device" ref={fit} style={{ height: (height + 20) * scale }}>
      <div className="review-screen" style={{ width, height, transform: `scale(${scale})` }}>
        <div
          className="review-ad"
          style={{ width: Math.min(adWidth ?? width, width), height: Math.min(adHeight ?? height, height) }}
        >
          <iframe title={title} src={item.previewUrl} sandbox="allow-scripts allow-popups allow-forms" />
          {pins.map((pin) => (
            <span
              key={pin.n}
              className="review-pin"
              style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
              aria-hidden="true"
            >
              {pin.n}
            </span>
          ))}
          {pinning && (
            <button
              type="button"
              className="review-pin-catcher"
              aria-label="Pick the point of the ad the comment is about"
              onClick={(event) => {
                const box = event.currentTarget.getBoundingClientRect()
                onPin?.({
                  x: Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
                  y: Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)),
                })
              }}
            />
          )}
        </div>
      </div>
    </div>
  )
}
