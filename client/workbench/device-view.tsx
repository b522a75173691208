// The device: a screen with the creative's web view placed where the app would put it.
import type { Ref } from 'react'
import type { Box } from './host-messages.ts'

export function DeviceView({
  screen,
  box,
  src,
  frameKey,
  frame,
  title,
}: {
  screen: { width: number; height: number }
  box: Box
  src: string
  /** A new key reloads the creative. */
  frameKey: string
  frame: Ref<HTMLIFrameElement>
  title: string
}) {
  return (
    <section className="device" aria-label="Device">
      <div className="screen" style={{ width: screen.width, height: screen.height }}>
        <iframe
          key={frameKey}
          ref={frame}
          title={title}
          src={src}
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms"
          style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
        />
      </div>
    </section>
  )
}
