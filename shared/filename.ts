// Bidirectional formatting characters reorder the text that follows them, so a name can read
// as something else: "invoice\u202Egpj.exe.zip" shows as "invoicepiz.exe.jpg" (a disguised executable). They
// have no business in a file name: they are removed where names are stored and where they
// are shown (records made before this rule still carry them). Unicode TR9: the embedding,
// override and isolate controls, and the three marks.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

export function withoutBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '')
}
