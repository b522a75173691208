// Radix gives focus back to a Dialog.Trigger; dialogs opened from a list row have none, so
// focus fell to the page body. These give it back to the control that opened the dialog.

/** An onCloseAutoFocus handler: focus the opener, or when it is gone (a deleted row) the fallback. */
export function returnFocus(opener: () => HTMLElement | null, fallback?: () => HTMLElement | null) {
  return (event: Event) => {
    event.preventDefault()
    const target = opener()
    ;(target?.isConnected ? target : fallback?.())?.focus()
  }
}
