// Who gets in (SECURITY.md): the one access policy. Every way into the API calls
// `admit` once a credential has been verified: the bearer access token (REST and tRPC, and so
// every capability URL the API hands out), and the API tokens and live sessions that plug in
// through the same call. A refusal is a 403 with a message the person can act on.
import { PRODUCT } from '../../../shared/constants.ts'
import { AppError } from '../../platform/errors.ts'
import { ISSUED_MS_CLAIM, type MemberStanding, SESSION_CLAIM } from '../provider/member-check.ts'
import { emailDomain } from './email.ts'
import type { AuthUser } from './user.ts'

/** Who a verified credential says the caller is. */
export interface Identity {
  /** The subject the issuer vouches for (the embedded provider: the member's id). */
  sub: string
  /** The credential's claims: an access token's, or what an API token recorded of its owner. */
  claims: Readonly<Record<string, unknown>>
  /** The bearer access token, when there is one: lets the policy ask userinfo for what the claims lack. */
  accessToken?: string
}

export interface RequiredClaim {
  name: string
  value: string
}

export interface AccessRules {
  /** AUTH_ORGANIZATION: the access token's `org_id` must be this. */
  organization?: string
  /** AUTH_ALLOWED_EMAIL_DOMAINS: a verified email at one of these (lower case); empty: any. */
  allowedEmailDomains: readonly string[]
  /** AUTH_REQUIRED_CLAIM: a claim holding this value, or a list containing it. */
  requiredClaim?: RequiredClaim
}

export interface AccessPolicyDeps {
  rules: AccessRules
  /** The provider's userinfo claims for a caller whose credential lacks what a rule needs. */
  userinfo?: (identity: Identity) => Promise<Readonly<Record<string, unknown>>>
  /** The embedded provider: the subject's standing, or nothing for a removed member (refused). */
  member?: (sub: string) => Promise<MemberStanding | undefined>
  /** An external provider: the verified email of its administrator (ADMIN_EMAIL). */
  adminEmail?: string
}

export interface AccessPolicy {
  /** The caller as the API sees it, or AppError FORBIDDEN saying why not. */
  admit(identity: Identity): Promise<AuthUser>
}

export const ACCESS_DENIED = {
  removed: `Your account has been removed from this ${PRODUCT}. Ask an administrator to invite you again.`,
  signedOut: 'This session was signed out: sign in again.',
  organization: `Your account is not in the organisation this ${PRODUCT} belongs to.`,
  claim: (name: string) =>
    `Your account lacks the "${name}" claim value this ${PRODUCT} requires. Ask your administrator for access.`,
  unverifiedEmail: 'Your email address is not verified with the identity provider.',
  emailDomain: (domains: readonly string[]) =>
    `Only verified email addresses at ${domains.join(', ')} may use this ${PRODUCT}.`,
} as const

function deny(message: string): AppError {
  return new AppError('FORBIDDEN', message, { accessDenied: true })
}

/**
 * A claim by name: a top-level claim first (namespaced names such as `https://example.com/groups`
 * contain dots), else a dotted path into nested objects (Keycloak's `realm_access.roles`).
 */
export function claimAt(claims: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name in claims) return claims[name]
  let value: unknown = claims
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

export function holdsValue(claim: unknown, value: string): boolean {
  if (Array.isArray(claim)) return claim.some((item) => item === value)
  return claim === value
}

const isVerified = (flag: unknown) => flag === true || flag === 'true'

/** The email the claims vouch for, and whether they say it is verified (both from one source). */
function emailOf(claims: Readonly<Record<string, unknown>>) {
  if (typeof claims.email !== 'string') return undefined
  return {
    address: claims.email,
    verified: isVerified(claims.email_verified),
    stated: 'email_verified' in claims,
  }
}

export function createAccessPolicy(deps: AccessPolicyDeps): AccessPolicy {
  const { rules } = deps
  const needsEmail = rules.allowedEmailDomains.length > 0

  return {
    async admit(identity) {
      const { claims } = identity
      const standing = deps.member && (await deps.member(identity.sub))
      if (deps.member && !standing) throw deny(ACCESS_DENIED.removed)
      // A 401, not a 403: the browser renews its session once, and only a session still open can.
      const issuedAt =
        typeof claims[ISSUED_MS_CLAIM] === 'number'
          ? claims[ISSUED_MS_CLAIM]
          : typeof claims.iat === 'number'
            ? claims.iat * 1000
            : 0
      const session = typeof claims[SESSION_CLAIM] === 'string' ? claims[SESSION_CLAIM] : undefined
      if (
        standing?.signedOutBefore &&
        issuedAt < standing.signedOutBefore &&
        (session === undefined || session !== standing.keptSession)
      ) {
        throw new AppError('UNAUTHORIZED', ACCESS_DENIED.signedOut)
      }
      if (rules.organization !== undefined && claims.org_id !== rules.organization) {
        throw deny(ACCESS_DENIED.organization)
      }
      const required = rules.requiredClaim
      let claim = required && claimAt(claims, required.name)
      let email = emailOf(claims)
      // Userinfo only when a rule needs what the credential lacks (an Auth0 access token has no email).
      const lacking = (required && claim === undefined) || (needsEmail && !email?.stated)
      // What was judged, as one set of claims: an API token records it (AuthUser.claims).
      const judged: Record<string, unknown> = { ...claims }
      if (lacking && deps.userinfo) {
        const more = await deps.userinfo(identity)
        if (required && claim === undefined) {
          claim = claimAt(more, required.name)
          judged[required.name] = claim
        }
        if (needsEmail && !email?.stated) {
          email = emailOf(more)
          judged.email = more.email
          judged.email_verified = more.email_verified
        }
      }
      if (required && !holdsValue(claim, required.value)) throw deny(ACCESS_DENIED.claim(required.name))
      if (needsEmail) {
        if (!email?.verified) throw deny(ACCESS_DENIED.unverifiedEmail)
        if (!rules.allowedEmailDomains.includes(emailDomain(email.address))) {
          throw deny(ACCESS_DENIED.emailDomain(rules.allowedEmailDomains))
        }
      }
      const admin =
        standing?.role === 'admin' ||
        (deps.adminEmail !== undefined &&
          email?.verified === true &&
          email.address.toLowerCase() === deps.adminEmail)
      return {
        sub: identity.sub,
        role: admin ? 'admin' : 'member',
        ...(email ? { email: email.address } : {}),
        ...(session ? { session } : {}),
        claims: judged,
      }
    },
  }
}
