/** Who is calling, as the verified access token says. */
export interface AuthUser {
  sub: string
  email?: string
}
