// Shown instead of the app's screens when the server's access policy refuses a signed-in user
// (SECURITY.md): why, in the server's words, and a way to sign in as someone else. No
// redirect, so a refused user never loops through the login.
import { useAuth, useAuthActions } from './auth-context.tsx'

export function NoAccessPage({ message }: { message: string }) {
  const { user } = useAuth()
  const auth = useAuthActions()
  return (
    <section className="card narrow" role="alert" aria-labelledby="no-access-title">
      <h2 id="no-access-title">No access</h2>
      <p>{message}</p>
      {user?.email && <p className="muted">Signed in as {user.email}.</p>}
      <button type="button" className="button primary" onClick={() => auth.logout()}>
        Sign in with another account
      </button>
    </section>
  )
}
