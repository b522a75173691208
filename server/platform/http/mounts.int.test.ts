// Each path the server answers is one of SERVER_MOUNTS (shared/paths.ts), and `npm run dev`
// proxies exactly those to the server: a route mounted anywhere else would reach Vite's client
// in development and the server only in production.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { BASE_PATH } from '../../../shared/constants.ts'
import { SERVER_MOUNTS } from '../../../shared/paths.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'
import viteConfig from '../../../vite.config.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

const mounts = Object.values(SERVER_MOUNTS).map((mount) => `${BASE_PATH}${mount}`)

it('answers every path below BASE_PATH under one of SERVER_MOUNTS, except the client', () => {
  const client = `${BASE_PATH}/*`
  const elsewhere = t.app.routes
    .map((route) => route.path)
    .filter((path) => path.startsWith(`${BASE_PATH}/`) && path !== client)
    .filter((path) => !mounts.some((mount) => path === mount || path.startsWith(`${mount}/`)))
  expect(elsewhere).toEqual([])
})

it('has the dev server proxy each of SERVER_MOUNTS to the server', () => {
  expect(Object.keys(viteConfig.server?.proxy ?? {}).sort()).toEqual([...mounts].sort())
})
