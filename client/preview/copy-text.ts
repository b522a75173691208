/**
 * Copies text to the clipboard. The Clipboard API exists only in secure contexts (https,
 * localhost); on a plain-http intranet address the older copy command does it, from a text
 * area placed inside `container` (a dialog's focus trap would pull focus back from elsewhere).
 */
export async function copyText(text: string, container: HTMLElement): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Refused (no permission, document not focused): try the copy command.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.readOnly = true
  area.className = 'visually-hidden'
  container.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } finally {
    area.remove()
  }
}
