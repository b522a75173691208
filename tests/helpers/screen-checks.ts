// Checks every screen gets at both widths: axe (nothing serious or critical), one level-one
// heading, nothing wider than the viewport.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

export async function seriousViolations(page: Page): Promise<string[]> {
  // Only violations are read: axe then skips gathering every passing and undecided node, which
  // was most of its time on a long list.
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

/** axe clean, one h1, no sideways scroll: what each screen must pass, named in the failure. */
export async function expectScreenOk(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([])
  await expect(page.locator('h1'), `one level-one heading on ${screen}`).toHaveCount(1)
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }))
  expect(widths.page, `no horizontal scroll on ${screen}`).toBeLessThanOrEqual(widths.viewport)
}

/**
 * The focused element's outline against the first opaque background behind it (the ring sits
 * outside the element, offset 2 px): WCAG's contrast ratio, which must be 3 or more (1.4.11).
 */
export function focusRingContrast(page: Page): Promise<{ ratio: number; outline: string; behind: string }> {
  return page.evaluate(() => {
    const parse = (color: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number)
      return { r, g, b, a }
    }
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (v: number) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    const focused = document.activeElement as HTMLElement
    const style = getComputedStyle(focused)
    if (style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) === 0)
      return { ratio: 0, outline: 'none', behind: '' }
    let behind = 'rgb(255, 255, 255)'
    for (let node = focused.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor
      if (parse(background).a === 1) {
        behind = background
        break
      }
    }
    const [lighter, darker] = [luminance(parse(style.outlineColor)), luminance(parse(behind))].sort(
      (a, b) => b - a,
    )
    return { ratio: (lighter! + 0.05) / (darker! + 0.05), outline: style.outlineColor, behind }
  })
}
