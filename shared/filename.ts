// A package's name is what people tell packages apart by, so two names that look the same are
// the same name. Three ways they differ unseen:
// - Unicode forms: "café" as one é (NFC) or e and a combining accent (NFD, what macOS hands out).
// - Invisible characters: a zero-width space or joiner, a soft hyphen, a byte order mark, and
//   the bidirectional controls, which also reorder the text after them, so a name reads as
//   something else: "invoice\u202Egpj.exe.zip" shows as "invoicepiz.exe.jpg" (a disguised
//   executable; Unicode TR9's embedding, override and isolate controls, and the three marks).
// - Letters of other scripts drawn as Latin ones: a Cyrillic "а" in "pаypal.zip".
// Names are stored in NFC without invisible characters (records made before this rule may still
// carry them; their bidi controls are removed where names are shown); a name whose skeleton
// (lookalike letters read as Latin) is an existing name's is asked about as that name would be.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g

/** Unicode's default-ignorable code points: drawn as nothing (the bidi controls among them). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu

export function withoutBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '')
}

/** The name as stored: NFC, no invisible characters. */
export function cleanFilename(name: string): string {
  return name.normalize('NFC').replace(INVISIBLE, '')
}

/** Cyrillic and Greek letters that fonts draw as these Latin ones (Unicode's confusables, in part). */
const AS_LATIN: Record<string, string> = {
  а: 'a',
  в: 'B',
  е: 'e',
  ё: 'ë',
  к: 'k',
  м: 'M',
  н: 'H',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 'T',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'ï',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'Ë',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  І: 'I',
  Ї: 'Ï',
  Ј: 'J',
  Ѕ: 'S',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  Һ: 'H',
  Ӏ: 'I',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
}

/**
 * What a name looks like: its clean form with lookalike letters read as Latin. It keeps the
 * number of characters (code points), so a lookup needs only the names of the same length.
 */
export function filenameSkeleton(name: string): string {
  return [...cleanFilename(name)].map((char) => AS_LATIN[char] ?? char).join('')
}

/** Characters (code points) of a name: what SQL's length() counts on both databases. */
export const filenameLength = (name: string): number => [...name].length
