// The server's public settings (product name, sign-in endpoints), loaded once before the first
// render: every screen needs them and none should flash without them.
import { createContext, useContext } from 'react'
import type { ClientConfig } from '../shared/api.ts'
import { API } from '../shared/paths.ts'

export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch(API.clientConfig, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`cannot GET ${API.clientConfig} (${response.status})`)
  // Not parsed by clientConfigSchema here: the OpenAPI test holds the server's answer to it, and
  // zod would add 8 KB gzip to the first load of every screen.
  const config: unknown = await response.json()
  if (typeof config !== 'object' || config === null || !('auth' in config))
    throw new Error(`${API.clientConfig} is not the product's configuration`)
  return config as ClientConfig
}

export const ClientConfigContext = createContext<ClientConfig | null>(null)

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext)
  if (!config) throw new Error('useClientConfig outside ClientConfigContext')
  return config
}
