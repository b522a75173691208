// The pieces every area's configuration is made of: zod parsers for environment variables (an
// empty value counts as unset; config-area.ts pairs an area's variables with the function that
// turns them into its settings). server/parse-config.ts puts the areas together; nothing else
// reads process.env.
import { z } from 'zod'
import { EMAIL_PATTERN } from '../../../shared/team.ts'

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

/**
 * A variable's text made into a setting by `parse` (undefined: refused), and when refused, what
 * was expected: the message starts with "expected", after the variable and its value
 * (problem-line.ts).
 */
function fromText<T>(expected: string | ((text: string) => string), parse: (text: string) => T | undefined) {
  return z.string().transform((raw, context): T => {
    const text = raw.trim()
    const value = parse(text)
    if (value !== undefined) return value
    const what = typeof expected === 'string' ? expected : expected(text)
    context.issues.push({ code: 'custom', message: `expected ${what}`, input: raw })
    return z.NEVER
  })
}

/** What a flag takes, in any case: `S3_FORCE_PATH_STYLE=true` means what `=1` does. */
const FLAG_WORDS = new Map([
  ['1', true],
  ['true', true],
  ['yes', true],
  ['on', true],
  ['0', false],
  ['false', false],
  ['no', false],
  ['off', false],
])

const wholeNumber = (min: number, max: number) =>
  max >= Number.MAX_SAFE_INTEGER ? `a whole number from ${min} up` : `a whole number from ${min} to ${max}`

function intWithDefault(fallback: number, min: number, max: number, expected = wholeNumber(min, max)) {
  const parse = (text: string) => {
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN
    return value >= min && value <= max ? value : undefined
  }
  return z.preprocess(emptyAsUndefined, fromText(expected, parse).default(fallback))
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i
const LOOPBACK = /^(localhost|127\.|\[::1\])/i

/**
 * A value without its scheme (`ads.example.com`) is the likeliest slip: the message offers it
 * back with the example's scheme (http:// rather than https:// for this machine's own addresses),
 * else the example.
 */
function withScheme(text: string, example: string): string {
  const { protocol } = new URL(example)
  const scheme = protocol === 'https:' && LOOPBACK.test(text) ? 'http:' : protocol
  const guess = `${scheme}//${text}`
  return !HAS_SCHEME.test(text) && !/\s/.test(text) && URL.canParse(guess) ? guess : example
}

export const env = {
  optionalString: (minLength = 0) => z.preprocess(emptyAsUndefined, z.string().min(minLength).optional()),
  /** scheme://...; `example` shows a good value in the message. */
  optionalUrl: (example = 'https://ads.example.com') =>
    z.preprocess(
      emptyAsUndefined,
      fromText(
        (text) => `a URL with its scheme, such as ${withScheme(text, example)}`,
        (text) => (HAS_SCHEME.test(text) && URL.canParse(text) ? text : undefined),
      ).optional(),
    ),
  /** name@host: `admin@localhost`, the documented default, is an address too. */
  optionalEmail: () =>
    z.preprocess(
      emptyAsUndefined,
      z.string().regex(EMAIL_PATTERN, 'expected an email address such as admin@example.com').optional(),
    ),
  stringWithDefault: (fallback: string, max = 10_000) =>
    z.preprocess(emptyAsUndefined, z.string().max(max).default(fallback)),
  intWithDefault,
  /** 0 lets the system choose a free port. */
  port: (fallback: number) =>
    intWithDefault(fallback, 0, 65535, 'a port number from 1 to 65535, or 0 for any free port'),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    z.preprocess(emptyAsUndefined, z.enum(values).default(fallback)),
  /** The one parser of every on/off variable. */
  flag: (fallback: boolean) =>
    z.preprocess(
      emptyAsUndefined,
      fromText('1 or 0 (or true/false, yes/no, on/off)', (text) =>
        FLAG_WORDS.get(text.toLowerCase()),
      ).default(fallback),
    ),
}

/** What zod's own checks expected, said as the parsers above say it (parse-config.ts passes it to every parse). */
export function expectedByZod(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? `expected at least ${issue.minimum} characters` : undefined
    case 'too_big':
      return issue.origin === 'string' ? `expected at most ${issue.maximum} characters` : undefined
    case 'invalid_value':
      return `expected one of ${issue.values.join(', ')}`
    default:
      return undefined
  }
}

/** A value that is well-formed alone but wrong with the others; named like a zod issue. */
export class ConfigIssue extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message)
  }
}
