// Where the end-to-end server runs and who can sign in to it. playwright.config.ts starts
// that server; each concurrent `playwright test` run gets its own port (see the config).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173)
export const ORIGIN = `http://localhost:${E2E_PORT}`
export const BASE_URL = `${ORIGIN}/ads-preview/`
export const ADMIN_EMAIL = 'qa@example.com'
export const ADMIN_PASSWORD = 'correct-horse-battery'
/** The server's data folder, so tests can check what is (and is not) on disk. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${E2E_PORT}/data`
export const CORPUS_DIR = new URL('../../../shared/corpus/real/', import.meta.url).pathname
/** Tall enough that the workbench shows the device at full size: Playwright cannot click inside
 *  a scaled, out-of-process frame (the sandboxed creative), where a person can. */
export const WORKBENCH_VIEWPORT = { width: 1440, height: 1200 }
