// The device: its screen with the creative's web view placed where the app would put it, what
// covers the screen (status bar, camera cutout, home indicator) drawn over it, and the whole
// scaled down to fit the window when the device is larger than the room it has.
import { type Ref, useLayoutEffect, useRef, useState } from 'react'
import type { DeviceGeometry } from './devices.ts'
import type { Box } from './host-messages.ts'
import { SafeAreaOverlay } from './safe-area-overlay.tsx'

const BEZEL = 10
/** Room kept below the device for the page's own margin. */
const BOTTOM_MARGIN = 24
/** The fixed top bar, which covers the top of a page scrolled down to the device. */
const TOP_BAR = 56

function useFitScale(outer: { width: number; height: number }) {
  const room = useRef<HTMLElement>(null)
  const [scale, setScale] = useState(1)
  useLayoutEffect(() => {
    const element = room.current
    if (!element) return
    const measure = () => {
      const width = element.clientWidth
      // Beside the controls (wide windows) the device fits below the header; under them
      // (narrow windows) it fits the window once scrolled to.
      const top = element.getBoundingClientRect().top + window.scrollY
      const height =
        (top < window.innerHeight / 2 ? window.innerHeight - top : window.innerHeight - TOP_BAR) -
        BOTTOM_MARGIN
      setScale(Math.min(1, width / outer.width, Math.max(height, 200) / outer.height))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [outer.width, outer.height])
  return { room, scale }
}

export function DeviceView({
  device,
  box,
  src,
  frameKey,
  frame,
  hidden,
  title,
}: {
  device: DeviceGeometry
  box: Box
  src: string
  /** A new key reloads the creative. */
  frameKey: string
  frame: Ref<HTMLIFrameElement>
  /** The ad closed or unloaded: the app took its web view away. */
  hidden: boolean
  title: string
}) {
  const { screen } = device
  const outer = { width: screen.width + 2 * BEZEL, height: screen.height + 2 * BEZEL }
  const { room, scale } = useFitScale(outer)
  return (
    <section className="device" aria-label="Device" ref={room}>
      <div
        className="device-fit"
        style={{ width: outer.width * scale, height: outer.height * scale }}
        data-testid="device-fit"
        data-scale={scale.toFixed(3)}
      >
        <div
          className="screen"
          style={{ width: screen.width, height: screen.height, transform: `scale(${scale})` }}
        >
          <iframe
            key={frameKey}
            ref={frame}
            title={title}
            src={src}
            sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms"
            style={{
              left: box.x,
              top: box.y,
              width: box.width,
              height: box.height,
              visibility: hidden ? 'hidden' : undefined,
            }}
          />
          <SafeAreaOverlay device={device} />
        </div>
      </div>
      <p className="device-caption muted">
        {device.device.name}, {device.orientation}
        {scale < 1 ? ` · shown at ${Math.round(scale * 100)}%` : ''}
      </p>
    </section>
  )
}
