// The product spec's routes, under the base path.
import { Redirect, Route, Router, Switch } from 'wouter'
import { BASE_PATH } from '../shared/constants.ts'
import { ROUTES } from '../shared/paths.ts'
import { ApiProvider } from './api/provider.tsx'
import { useAuth } from './auth/auth-context.tsx'
import { Protected } from './auth/protected-route.tsx'
import { lazyPage } from './layout/lazy-page.tsx'
import { CONTENT_ID, SkipLink } from './layout/skip-link.tsx'
import { TopBar } from './layout/top-bar.tsx'
import { PackageScreen } from './packages/package-screen.tsx'

const WorkbenchPage = lazyPage(() => import('./workbench/workbench-page.tsx'), 'WorkbenchPage')
const AccountPage = lazyPage(() => import('./team/account-page.tsx'), 'AccountPage')
const TeamPage = lazyPage(() => import('./team/team-page.tsx'), 'TeamPage')
const AuditLogPage = lazyPage(() => import('./team/audit-log-page.tsx'), 'AuditLogPage')
const TokensPage = lazyPage(() => import('./tokens/tokens-page.tsx'), 'TokensPage')
// Passed through on the way to the provider and back, never beside /main's first rows.
const LoginPage = lazyPage(() => import('./auth/login-page.tsx'), 'LoginPage')
const ValidateTokenPage = lazyPage(() => import('./auth/validate-token-page.tsx'), 'ValidateTokenPage')
const NotFoundPage = lazyPage(() => import('./layout/not-found-page.tsx'), 'NotFoundPage')
const ReviewPage = lazyPage(() => import('./reviews/review-page.tsx'), 'ReviewPage')
const ComparePage = lazyPage(() => import('./reviews/compare-page.tsx'), 'ComparePage')

function RootRedirect() {
  const { isAuthenticated } = useAuth()
  return <Redirect to={isAuthenticated ? ROUTES.main : ROUTES.login} replace />
}

export function App() {
  return (
    <Router base={BASE_PATH}>
      <SkipLink />
      <TopBar />
      <main className="content" id={CONTENT_ID} tabIndex={-1}>
        <Switch>
          <Route path={ROUTES.root} component={RootRedirect} />
          <Route path={ROUTES.main}>
            <Protected>
              <ApiProvider>
                <PackageScreen />
              </ApiProvider>
            </Protected>
          </Route>
          <Route path={ROUTES.workbench}>
            <Protected>
              <ApiProvider>
                <WorkbenchPage />
              </ApiProvider>
            </Protected>
          </Route>
          {/* Account, team and audit log beside the spec's screens, reached from the top bar's email. */}
          {(
            [
              [ROUTES.account, AccountPage],
              [ROUTES.team, TeamPage],
              [ROUTES.auditLog, AuditLogPage],
              [ROUTES.tokens, TokensPage],
              [ROUTES.compare, ComparePage],
            ] as const
          ).map(([route, Page]) => (
            <Route key={route} path={route}>
              <Protected>
                <ApiProvider>
                  <Page />
                </ApiProvider>
              </Protected>
            </Route>
          ))}
          {/* A review link's page: the link is the access, no account. */}
          <Route path={ROUTES.review} component={ReviewPage} />
          <Route path={ROUTES.login} component={LoginPage} />
          <Route path={ROUTES.validateToken} component={ValidateTokenPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </main>
    </Router>
  )
}
