// index_url holds the entry as an app's web view does: our mraid.js (and so MRAID_ENV) loads
// before the creative's first script, as an SDK injects it. The stored bytes stay reachable
// with ?raw=1 (shared/paths.ts). Bytes are spliced, never re-encoded, so an entry in another
// charset keeps its bytes.
const SDK_SCRIPT = new TextEncoder().encode('<script src="mraid.js"></script>')
const BOM = [0xef, 0xbb, 0xbf]

/** Where the script goes: after a UTF-8 byte order mark and a doctype, so both keep working. */
function insertionPoint(html: Uint8Array): number {
  const bom = BOM.every((byte, i) => html[i] === byte) ? BOM.length : 0
  // A doctype is ASCII; latin1 maps every byte to one character, so offsets stay byte offsets.
  const head = new TextDecoder('latin1').decode(html.subarray(bom, bom + 1024))
  const doctype = /^\s*<!doctype[^>]*>/i.exec(head)
  return bom + (doctype ? doctype[0].length : 0)
}

export function injectSdk(html: Uint8Array): Uint8Array {
  const at = insertionPoint(html)
  const out = new Uint8Array(html.length + SDK_SCRIPT.length)
  out.set(html.subarray(0, at), 0)
  out.set(SDK_SCRIPT, at)
  out.set(html.subarray(at), at + SDK_SCRIPT.length)
  return out
}
