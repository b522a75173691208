/**
 * Makes everything outside `element` inert (no focus, no clicks, hidden from assistive
 * technology) until the returned function runs. Radix hides a modal's surroundings with
 * aria-hidden only, which leaves them focusable: axe reports that as serious.
 */
export function inertOthers(element: HTMLElement): () => void {
  const changed: HTMLElement[] = []
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue
      if (sibling.tagName === 'SCRIPT') continue
      sibling.inert = true
      changed.push(sibling)
    }
  }
  return () => {
    for (const sibling of changed) sibling.inert = false
  }
}
