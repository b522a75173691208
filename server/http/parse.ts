import type { z } from 'zod/mini'
import { AppError } from '../errors.ts'

/** Parses input with a zod schema; a 400 names the first bad field. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new AppError(
    'BAD_REQUEST',
    issue ? `${issue.path.join('.') || 'input'}: ${issue.message}` : 'Invalid input',
  )
}

/** A JSON body; malformed JSON is a 400, an empty body an empty object. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.')
  }
}
