// The container's own close control: a 50x50 region the creative cannot hide (MRAID 3.0 drops
// useCustomClose; the SDKs draw theirs whatever the ad asks), top right unless a resized ad's
// customClosePosition puts it elsewhere. A click on it is the host closing the ad, not the ad.
import { CLOSE_REGION_SIZE, type ClosePosition } from './resize-properties.ts'

/** The region's place in the ad's viewport, as CSS. */
function placement(position: ClosePosition): string {
  const [vertical, horizontal] = position === 'center' ? ['center', 'center'] : position.split('-')
  const half = `calc(50% - ${CLOSE_REGION_SIZE / 2}px)`
  const y = vertical === 'top' ? 'top:0;' : vertical === 'bottom' ? 'bottom:0;' : `top:${half};`
  const x = horizontal === 'left' ? 'left:0;' : horizontal === 'right' ? 'right:0;' : `left:${half};`
  return y + x
}

export function createCloseRegion(document: Document, onClose: () => void) {
  let region: HTMLElement | null = null
  return {
    show(position: ClosePosition = 'top-right'): void {
      if (region || !document.body) return
      region = document.createElement('div')
      region.setAttribute('role', 'button')
      region.setAttribute('aria-label', 'Close ad')
      region.setAttribute('data-mraid-close-region', '')
      region.style.cssText =
        `position:fixed;${placement(position)}width:${CLOSE_REGION_SIZE}px;height:${CLOSE_REGION_SIZE}px;` +
        'z-index:2147483647;cursor:pointer;display:flex;align-items:center;justify-content:center;' +
        'font:28px/1 sans-serif;color:#fff;background:rgba(0,0,0,.45);'
      region.textContent = '\u00d7'
      region.addEventListener('click', () => onClose())
      document.body.appendChild(region)
    },
    hide(): void {
      region?.parentNode?.removeChild(region)
      region = null
    },
  }
}
