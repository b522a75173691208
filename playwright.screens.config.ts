// `npm run screenshots`: the main screens at 1440 and 390 px into docs/screenshots/, against a
// fresh server of their own (the same webServer as the end-to-end suite, one worker).
import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'

export default defineConfig({ ...base, testDir: 'tests/screens', workers: 1, fullyParallel: false })
