// When the workbench plays the app's part, it loads the entry as an SDK would: with mraid.js
// (and so MRAID_ENV) in place before the creative's first script. index_url itself stays byte
// for byte, because a phone's preview app injects its own.
const encoder = new TextEncoder()
const decoder = new TextDecoder()
const SDK_SCRIPT = '<script src="mraid.js"></script>'

export function injectSdk(html: Uint8Array): Uint8Array {
  const text = decoder.decode(html)
  // After the doctype, so the document keeps its standards mode.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(text)
  const at = doctype ? doctype[0].length : 0
  return encoder.encode(text.slice(0, at) + SDK_SCRIPT + text.slice(at))
}
