// The server's public settings (product name, sign-in endpoints), loaded once before the first
// render: every screen needs them and none should flash without them.
import { createContext, useContext } from 'react'
import { type ClientConfig, clientConfigSchema } from '../shared/api.ts'
import { API } from '../shared/paths.ts'

export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch(API.clientConfig, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`cannot GET ${API.clientConfig} (${response.status})`)
  return clientConfigSchema.parse(await response.json())
}

export const ClientConfigContext = createContext<ClientConfig | null>(null)

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext)
  if (!config) throw new Error('useClientConfig outside ClientConfigContext')
  return config
}
