import type { ReactNode } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { ROUTES } from '../../shared/paths.ts'
import { useAuth, useAuthActions } from './auth-context.tsx'
import { NoAccessPage } from './no-access-page.tsx'

/** The product spec's protected routes: only signed-in users see it; others go to /login and come back here after. */
export function Protected({ children }: { children: ReactNode }) {
  const { isAuthenticated, refreshingToken, accessDenied } = useAuth()
  const auth = useAuthActions()
  const [location] = useLocation()
  const search = useSearch()
  if (isAuthenticated && accessDenied !== null) return <NoAccessPage message={accessDenied} />
  if (isAuthenticated) return <>{children}</>
  if (refreshingToken)
    return (
      <p className="muted" role="status">
        Loading
      </p>
    )
  auth.rememberReturnTo(search ? `${location}?${search}` : location)
  return <Redirect to={ROUTES.login} replace />
}
