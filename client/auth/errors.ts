/** An authentication failure with the provider's error code (spec 8 "Provider SDK errors"). */
export class AuthError extends Error {
  readonly code: string
  constructor(code: string, description: string) {
    super(description)
    this.name = 'AuthError'
    this.code = code
  }
}
