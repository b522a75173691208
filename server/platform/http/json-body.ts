import { AppError } from '../errors.ts'

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
