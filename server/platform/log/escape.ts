// Log text never carries a raw control character: a CR/LF in a request path or an error message
// would start a forged record, and an escape sequence would drive the reader's terminal. Each
// one is written as its JSON-style escape, so a record is one line whatever it quotes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

export function escapeControl(text: string): string {
  return text.replace(
    CONTROL,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
