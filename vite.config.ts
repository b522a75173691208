import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { mraidHostPlugin } from './mraid-host/bundle.ts'
import { firstScreenBudget } from './scripts/first-screen-budget.ts'
import { BASE_PATH } from './shared/constants.ts'
import { SERVER_MOUNTS } from './shared/paths.ts'

// The test tiers (README "Test it"), each a Vitest project told apart by its file names:
// unit tests (*.test.ts) start no process, open no socket and drive no browser
// (tests/setup/unit-guard.ts holds them to it); integration tests (*.int.test.ts) start the
// product in this process; process tests (*.proc.test.ts) start processes, servers or Chromium.
const UNIT_TESTS = ['{cli,client,mraid-host,shared,server,tests}/**/*.test.{ts,tsx}']
const INTEGRATION_TESTS = ['{cli,server,tests}/**/*.int.test.ts']
const PROCESS_TESTS = ['{cli,mraid-host,server,tests}/**/*.proc.test.ts']
const NOT_UNIT = ['**/*.int.test.ts', '**/*.proc.test.ts', 'tests/binary/**', 'node_modules/**']
// PostgreSQL runs the database layer's own tests and a contract set of API calls: what can differ
// between the two engines (queries, claims, transactions, constraints), not the whole API twice.
const POSTGRES_TESTS = [
  // Queries and cursors.
  'server/creatives/packages/list-page.int.test.ts',
  'server/creatives/packages/list-by-target.int.test.ts',
  // Transactions and constraints: delete and restore, replace and its undo.
  'server/creatives/packages/delete-restore.int.test.ts',
  'server/creatives/packages/undo-replace.int.test.ts',
  // An action and its audit record commit together.
  'server/identity/audit-trail/audit-trail.int.test.ts',
  // A database that cannot grow.
  'tests/api/database-full.int.test.ts',
  // The move's claim on a target database.
  'server/commands/move/claim-target.int.test.ts',
  // The last-admin rule, sessions, the provider's rows, the job queue's claims.
  'server/identity/team/team.int.test.ts',
  'server/identity/team/last-admin.int.test.ts',
  'server/creatives/live/live-session.int.test.ts',
  'server/identity/provider/provider.int.test.ts',
  // Sign-out, whose session save raced other requests on PostgreSQL only.
  'server/identity/provider/logout.int.test.ts',
  'server/platform/jobs/job-queue.proc.test.ts',
  // Every call that writes or reads packages, once through REST and once through tRPC.
  'tests/api/postgres-contract.int.test.ts',
  // Review links: JSON columns, per-version decisions, rates counted in the database.
  'server/creatives/reviews/review-links.int.test.ts',
]
// Inside the test processes the product's log is printed only for a test that fails.
const PRODUCT_LOG = 'tests/setup/product-log.ts'
// Once per run, for every project: the MRAID host bundled, a SQLite database migrated.
const BUILT_ONCE = 'tests/setup/built-once-setup.ts'

/**
 * A build that warns fails (after printing the warning): `npm start` shows its first build's
 * output, which must hold no warning, and every `npm test` builds the client this way.
 */
function failOnBuildWarning(): Plugin {
  return {
    name: 'fail-on-build-warning',
    apply: 'build',
    configResolved({ logger }) {
      const { warn, warnOnce } = logger
      logger.warn = (message, options) => {
        warn(message, options)
        process.exitCode = 1
      }
      logger.warnOnce = (message, options) => {
        warnOnce(message, options)
        process.exitCode = 1
      }
    },
  }
}

// The client is built into dist/client and served by the server under BASE_PATH.
// In `npm run dev` Vite serves the client and proxies everything else to the server.
const serverPort = Number(process.env.PORT ?? 3000)

export default defineConfig({
  root: 'client',
  base: `${BASE_PATH}/`,
  // The MRAID host that previews load as mraid.js is built with the client, into its folder.
  plugins: [react(), mraidHostPlugin(), firstScreenBudget(), failOnBuildWarning()],
  // Rolldown warns when a plugin takes much of a build's time, which a busy machine causes by
  // itself: a warning nobody can act on, printed on `npm start`'s first build.
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // @oslojs declares no sideEffects, so every hash of its sha2 index (SHA-224 to SHA-512/256)
      // came with the SHA-256 the sign-in uses: its modules only define functions and classes.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /[\\/]node_modules[\\/]@oslojs[\\/]/.test(id) ? false : undefined,
      },
      // What the first screen loads statically goes in one chunk: split along every module the
      // lazy parts share, it was 17 files whose separate compression cost 3.5 KB gzip.
      output: { codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] } },
    },
  },
  worker: { format: 'es', rolldownOptions: { checks: { bundlerTimings: false } } },
  server: {
    port: serverPort + 1,
    // Every path the server answers (shared/paths.ts); the rest is the client.
    proxy: Object.fromEntries(
      Object.values(SERVER_MOUNTS).map((mount) => [`${BASE_PATH}${mount}`, `http://localhost:${serverPort}`]),
    ),
  },
  test: {
    root: '.',
    environment: 'node',
    // Vitest's own defaults: a test that needs more says its budget beside a measured figure.
    testTimeout: 5_000,
    hookTimeout: 10_000,
    // A test file per core, not Vitest's default of one fewer (which is one file at a time on 2
    // cores): the tests mostly wait on the processes they start (the product, Chromium,
    // PostgreSQL). On this project's 2 cores the whole run took 294 s instead of 433 s.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: NOT_UNIT,
          globalSetup: [BUILT_ONCE],
          setupFiles: [PRODUCT_LOG, 'tests/setup/unit-guard.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_TESTS,
          globalSetup: [BUILT_ONCE],
          setupFiles: [PRODUCT_LOG],
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          // The single executable's checks need one: scripts/test-binary.mjs builds it and names it.
          include: [...PROCESS_TESTS, ...(process.env.TEST_BINARY ? ['tests/binary/**/*.test.ts'] : [])],
          globalSetup: [BUILT_ONCE],
          setupFiles: [PRODUCT_LOG],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_TESTS,
          globalSetup: [BUILT_ONCE, 'tests/postgres/global-setup.ts'],
          setupFiles: [PRODUCT_LOG, 'tests/postgres/file-database.ts'],
        },
      },
    ],
  },
})
