import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS } from './server/platform/renderer/chromium.ts'

// Each `playwright test` run picks its own port once, in the runner process; the workers inherit
// it through the environment, so two runs on one machine do not share a server.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(4200 + (process.pid % 700))
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = `.tmp/e2e-${process.env.E2E_PORT}/data`
const port = Number(process.env.E2E_PORT)
// scripts/test-binary.mjs points the run at the single executable, alone in an empty folder and
// started there, with a home and a temp folder of its own that must stay empty.
const binary = process.env.E2E_BINARY
const webServerCommand = binary
  ? {
      command: JSON.stringify(binary),
      cwd: path.dirname(binary),
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        ADMIN_EMAIL: 'qa@example.com',
        ADMIN_PASSWORD: 'correct-horse-battery',
        LOG_REQUESTS: '0',
        LOG_FORMAT: 'text',
        HOME: process.env.E2E_BINARY_HOME ?? '',
        TMPDIR: process.env.E2E_BINARY_TMPDIR ?? '',
      },
    }
  : { command: 'node scripts/e2e-server.mjs' }

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/test-results',
  // Playwright's own limits: a test that needs more says so beside its measured time.
  timeout: 15_000,
  expect: { timeout: 5_000 },
  // Tests of one file spread over both workers; a file whose tests share a product of their own
  // (a beforeAll) says it runs serially.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}/ads-preview/`,
    trace: 'retain-on-failure',
    video: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    ...webServerCommand,
    url: `http://localhost:${port}/ads-preview/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
})
