import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { registerAuth } from './auth/access-token.ts'
import { AuthProvider } from './auth/auth-context.tsx'
import { createAuth } from './auth/auth-store.ts'
import { silentAuthorize } from './auth/silent-auth.ts'
import { ClientConfigContext, loadClientConfig } from './config.ts'
import './styles.css'
import { BASE_PATH, PRODUCT } from '../shared/constants.ts'

const root = createRoot(document.getElementById('root')!)

try {
  const config = await loadClientConfig()
  const auth = createAuth({
    auth: config.auth,
    storage: window.localStorage,
    sessionStore: window.sessionStorage,
    redirect: (url) => window.location.assign(url),
    silentAuthorize,
    here: () => window.location.pathname.slice(BASE_PATH.length) + window.location.search,
    watchStorage: (changed) => window.addEventListener('storage', changed),
  })
  registerAuth(auth)
  // The product spec's token refresh: the timer starts with the app (not on the callback page, which stores a new session).
  if (!window.location.pathname.endsWith('/validate-token')) auth.startTokenTimer()
  root.render(
    <StrictMode>
      <ClientConfigContext.Provider value={config}>
        <AuthProvider auth={auth}>
          <App />
        </AuthProvider>
      </ClientConfigContext.Provider>
    </StrictMode>,
  )
} catch (error) {
  root.render(
    <p className="banner error" role="alert">
      {PRODUCT} could not start: {error instanceof Error ? error.message : String(error)}
    </p>,
  )
}
