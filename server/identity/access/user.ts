import type { ApiTokenScope } from '../../../shared/api-tokens.ts'

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
  /**
   * The claims the access policy judged (the credential's, and userinfo's for what they lacked):
   * an API token records them, so the policy can judge its owner again on every use.
   */
  claims?: Readonly<Record<string, unknown>>
  /** Set when the caller came with an API token rather than a person's sign-in. */
  apiToken?: { id: string; scope: ApiTokenScope }
}
