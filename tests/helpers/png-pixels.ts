import type { Page } from 'playwright-core'

/** Decodes a PNG in the browser: its size and RGBA pixels. */
export async function pngPixels(
  page: Page,
  png: Buffer,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const decoded = await page.evaluate(async (base64) => {
    const image = new Image()
    image.src = `data:image/png;base64,${base64}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0)
    const pixels = context.getImageData(0, 0, image.width, image.height)
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) }
  }, png.toString('base64'))
  return { ...decoded, data: Uint8ClampedArray.from(decoded.data) }
}
