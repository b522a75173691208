import { useEffect, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { ROUTES } from '../../shared/paths.ts'
import { useAuthActions } from './auth-context.tsx'
import type { Auth } from './auth-store.ts'
import { parseAuthorizationFragment, parseAuthorizationQuery } from './authorize.ts'
import { AuthError } from './errors.ts'

// One callback per page load, even when React runs effects twice in development.
let pending: Promise<string> | null = null

function processCallback(auth: Auth): Promise<string> | null {
  if (pending) return pending
  const response =
    parseAuthorizationFragment(window.location.hash) ?? parseAuthorizationQuery(window.location.search)
  if (!response) return null
  // The tokens (or the code) leave the address bar and history at once.
  window.history.replaceState(window.history.state, '', window.location.pathname)
  pending = auth.handleCallback(response)
  return pending
}

export function ValidateTokenPage() {
  const auth = useAuthActions()
  const [, navigate] = useLocation()
  const [failure, setFailure] = useState<AuthError | null>(null)

  useEffect(() => {
    const callback = processCallback(auth)
    if (!callback) {
      navigate(ROUTES.login, { replace: true })
      return
    }
    callback.then(
      (returnTo) => navigate(returnTo, { replace: true }),
      (error: unknown) =>
        setFailure(error instanceof AuthError ? error : new AuthError('invalid_token', String(error))),
    )
  }, [auth, navigate])

  if (failure) {
    return (
      <section className="card narrow" role="alert" aria-labelledby="auth-error-title">
        <h1 id="auth-error-title">Authentication error</h1>
        <p>
          Error [{failure.code}]: {failure.message}
        </p>
        <Link href={ROUTES.login} className="button primary">
          Please try again
        </Link>
      </section>
    )
  }
  return (
    <section className="card narrow" aria-busy="true">
      <h1 className="visually-hidden">Signing in</h1>
      <p role="status">Authenticating...</p>
    </section>
  )
}
