/**
 * An authentication failure with the provider's error code (the provider's own codes, kept for the
 * message shown).
 */
export class AuthError extends Error {
  readonly code: string
  constructor(code: string, description: string) {
    super(description)
    this.name = 'AuthError'
    this.code = code
  }
}
