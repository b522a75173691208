// The container's own close control: a 50x50 region the creative cannot hide (MRAID 3.0 drops
// useCustomClose; the SDKs draw theirs whatever the ad asks).
import { CLOSE_REGION_SIZE } from './resize-properties.ts'

export function createCloseRegion(document: Document, onClose: () => void) {
  let region: HTMLElement | null = null
  return {
    show(): void {
      if (region || !document.body) return
      region = document.createElement('div')
      region.setAttribute('role', 'button')
      region.setAttribute('aria-label', 'Close ad')
      region.setAttribute('data-mraid-close-region', '')
      region.style.cssText =
        `position:fixed;top:0;right:0;width:${CLOSE_REGION_SIZE}px;height:${CLOSE_REGION_SIZE}px;` +
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
