// A member's own account (docs/team.md): who they are signed in as, their password and their
// other sessions (the embedded provider only), and for an admin the way to the team and the log.
import './team.css'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { ROUTES } from '../../shared/paths.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'

export function AccountPage() {
  const trpc = useTRPC()
  const account = useQuery(trpc.account.get.queryOptions())
  if (account.error) return <ErrorBanner error={account.error} />
  if (!account.data)
    return (
      <p className="loading" role="status">
        Loading
      </p>
    )
  const { email, role, managedHere } = account.data
  return (
    <div className="team-screen">
      <h1>Your account</h1>
      <p>
        Signed in as <strong className="subject">{email ?? 'an account without an email'}</strong>
        {role === 'admin' ? ', an administrator.' : '.'}
      </p>
      {role === 'admin' && (
        <nav aria-label="Administration" className="admin-links">
          {managedHere && (
            <Link href={ROUTES.team} className="button">
              Team
            </Link>
          )}
          <Link href={ROUTES.auditLog} className="button">
            Audit log
          </Link>
        </nav>
      )}
      {managedHere ? (
        <>
          <ChangePassword />
          <OtherSessions />
        </>
      ) : (
        <p className="muted">Your password and sessions are managed at your identity provider.</p>
      )}
    </div>
  )
}

function ErrorBanner({ error }: { error: unknown }) {
  return (
    <div className="banner error" role="alert">
      <strong>{toApiError(error).message}</strong>
    </div>
  )
}

function ChangePassword() {
  const trpc = useTRPC()
  const change = useMutation(trpc.account.changePassword.mutationOptions())
  const [mismatch, setMismatch] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const newPassword = String(data.get('new'))
    setMismatch(newPassword !== String(data.get('repeat')))
    if (newPassword !== String(data.get('repeat'))) return
    change.mutate(
      { currentPassword: String(data.get('current')), newPassword },
      { onSuccess: () => form.reset() },
    )
  }
  return (
    <section className="card team-card" aria-labelledby="password-title">
      <h2 id="password-title">Change your password</h2>
      <form onSubmit={submit} className="stacked-form">
        <label htmlFor="current-password">Current password</label>
        <input
          id="current-password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
        />
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          name="new"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
        />
        <label htmlFor="repeat-password">Repeat the new password</label>
        <input id="repeat-password" name="repeat" type="password" autoComplete="new-password" required />
        <button type="submit" className="button primary" disabled={change.isPending}>
          Change password
        </button>
      </form>
      {mismatch && (
        <p className="banner error" role="alert">
          The two new passwords differ.
        </p>
      )}
      {change.error && <ErrorBanner error={change.error} />}
      {change.isSuccess && (
        <p className="banner success" role="status">
          Your password is changed. Your other sessions are signed out.
        </p>
      )}
    </section>
  )
}

function OtherSessions() {
  const trpc = useTRPC()
  const end = useMutation(trpc.account.endOtherSessions.mutationOptions())
  return (
    <section className="card team-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Other sessions</h2>
      <p className="muted">Signed in on another computer or phone? End those sessions; this one stays.</p>
      <button type="button" className="button" disabled={end.isPending} onClick={() => end.mutate()}>
        Sign out other sessions
      </button>
      {end.error && <ErrorBanner error={end.error} />}
      {end.isSuccess && (
        <p className="banner success" role="status">
          Your other sessions are signed out.
        </p>
      )}
    </section>
  )
}
