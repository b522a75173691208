import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react'
import type { Auth, AuthState } from './auth-store.ts'

const AuthContext = createContext<Auth | null>(null)

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
}

export function useAuthActions(): Auth {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth outside AuthProvider')
  return auth
}

export function useAuth(): AuthState {
  const auth = useAuthActions()
  return useSyncExternalStore(auth.subscribe, auth.getState)
}
