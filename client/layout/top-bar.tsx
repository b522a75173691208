import { Link } from 'wouter'
import { productTitle } from '../../shared/constants.ts'
import { ROUTES } from '../../shared/paths.ts'
import { useAuth, useAuthActions } from '../auth/auth-context.tsx'
import { useClientConfig } from '../config.ts'

export function TopBar() {
  const config = useClientConfig()
  const { isAuthenticated, user } = useAuth()
  const auth = useAuthActions()
  return (
    <header className="top-bar">
      <Link href={ROUTES.main} className="product-title">
        {productTitle(config.productName)}
      </Link>
      <nav aria-label="Account" className="account">
        {isAuthenticated ? (
          <>
            <Link href={ROUTES.tokens} className="link-button">
              API tokens
            </Link>
            {/* The spec's {email}: a way to the account beside it, its text unchanged. */}
            <Link href={ROUTES.account} className="email" aria-label={`Your account: ${user?.email ?? ''}`}>
              {user?.email}
            </Link>
            <button type="button" className="link-button" onClick={() => auth.logout()}>
              {' - Log out'}
            </button>
          </>
        ) : (
          <Link href={ROUTES.login} className="link-button">
            Log in
          </Link>
        )}
      </nav>
    </header>
  )
}
