// The pieces every area's configuration is made of: zod parsers for environment variables (an
// empty value counts as unset; config-area.ts pairs an area's variables with the function that
// turns them into its settings). server/parse-config.ts puts the areas together; nothing else
// reads process.env.
import { z } from 'zod'
import { EMAIL_PATTERN } from '../../../shared/team.ts'

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value)

export const env = {
  optionalString: (minLength = 0) => z.preprocess(emptyAsUndefined, z.string().min(minLength).optional()),
  optionalUrl: () => z.preprocess(emptyAsUndefined, z.url().optional()),
  /** name@host: `admin@localhost`, the documented default, is an address too. */
  optionalEmail: () =>
    z.preprocess(
      emptyAsUndefined,
      z.string().regex(EMAIL_PATTERN, 'must be an email address (name@host)').optional(),
    ),
  stringWithDefault: (fallback: string, max = 10_000) =>
    z.preprocess(emptyAsUndefined, z.string().max(max).default(fallback)),
  intWithDefault: (fallback: number, min: number, max: number) =>
    z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(fallback)),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    z.preprocess(emptyAsUndefined, z.enum(values).default(fallback)),
  flag: (fallback: boolean) =>
    z
      .preprocess(emptyAsUndefined, z.enum(['0', '1']).default(fallback ? '1' : '0'))
      .transform((value) => value === '1'),
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
