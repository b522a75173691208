// A personal API token made as a person makes one (tRPC tokens.create with their sign-in), and
// the product on a socket, for tests that call the API as a script does.
import type { CreatedApiToken } from '../../shared/api-tokens.ts'
import { freePort } from './product-process.ts'
import { createTestApp, type TestApp } from './test-app.ts'

/** The product on a real socket whose PUBLIC_URL is that socket's address (what a script calls). */
export async function listeningTestApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; server: string }> {
  const port = await freePort()
  const server = `http://127.0.0.1:${port}`
  const t = await createTestApp({ PUBLIC_URL: server, ...env })
  await t.listen(port)
  return { t, server }
}

export async function makeApiToken(
  t: TestApp,
  scope: 'read' | 'write',
  name = `test ${scope}`,
): Promise<string> {
  const response = await t.app.request('/ads-preview/trpc/tokens.create', {
    method: 'POST',
    headers: { ...t.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, scope }),
  })
  if (response.status !== 200)
    throw new Error(`tokens.create answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { result: { data: CreatedApiToken } }).result.data.secret
}
