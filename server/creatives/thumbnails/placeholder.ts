// A neutral tile for the list cell until a rendered thumbnail exists: the declared ad size when
// the package has one. Drawn on THUMBNAIL_PIXELS (120x156), the shapes placed for that size.
import { THUMBNAIL_PIXELS } from './thumbnail-size.ts'

export function placeholderThumbnail(width: number | null, height: number | null): string {
  const label = width && height ? `${width}×${height}` : 'HTML5'
  const { width: w, height: h } = THUMBNAIL_PIXELS
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 120 156">
<rect width="120" height="156" rx="8" fill="#eef1f6"/>
<rect x="28" y="46" width="64" height="44" rx="4" fill="none" stroke="#9aa4b5" stroke-width="4"/>
<path d="M40 80l12-14 10 10 8-8 10 12" fill="none" stroke="#9aa4b5" stroke-width="4" stroke-linejoin="round"/>
<text x="60" y="120" text-anchor="middle" font-family="system-ui,sans-serif" font-size="15" fill="#5b6578">${label}</text>
</svg>`
}
