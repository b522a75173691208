import { useEffect } from 'react'
import { Redirect } from 'wouter'
import { useAuth, useAuthActions } from './auth-context.tsx'

export function LoginPage() {
  const state = useAuth()
  const auth = useAuthActions()
  const { isAuthenticated, refreshingToken, validatingToken, loginInitialized, loggedOut, errorMessage } =
    state

  // The product spec: the login opens by itself only when none of these hold (and no error is waiting to be read).
  useEffect(() => {
    if (
      !isAuthenticated &&
      !refreshingToken &&
      !validatingToken &&
      !loginInitialized &&
      !loggedOut &&
      !errorMessage
    ) {
      auth.startLogin()
    }
  }, [auth, isAuthenticated, refreshingToken, validatingToken, loginInitialized, loggedOut, errorMessage])

  if (isAuthenticated) return <Redirect to={auth.rememberedReturnTo() ?? '/'} replace />

  return (
    <section className="card narrow" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {loggedOut && (
        <p className="banner success" role="status">
          Logged out successfully.
        </p>
      )}
      {errorMessage && (
        <div className="banner error" role="alert">
          <strong>{errorMessage}</strong>
          {state.errorDetails && <p>{state.errorDetails}</p>}
        </div>
      )}
      <p className="muted">Sign in with your account to upload and preview ad packages.</p>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          auth.clearError()
          auth.startLogin()
        }}
      >
        Log in
      </button>
    </section>
  )
}
