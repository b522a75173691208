/** Who is calling, as the verified credential and the access policy say, and from where. */
export interface AuthUser {
  sub: string
  email?: string
  /** Admins manage the team and read the whole audit trail. */
  role: 'admin' | 'member'
  /** The client's address (a trusted proxy's X-Forwarded-For), for the audit trail. */
  address?: string
  /** The embedded provider's sign-in session the token came from (SESSION_CLAIM). */
  session?: string
}
