// Email addresses as sign-in and the access policy read them.

/** name@host: `admin@localhost`, the documented default, is an address too. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase()
}
