// The test tiers, cheapest first, with the time each may take on the project's 2-core machine
// (measured there, with room for a loaded run). `npm test` runs them in this order and prints a
// line per tier against its budget; README "Test it" shows the same table
// (tests/unit/readme-test-tiers.test.ts holds the two together).
export const TIERS = [
  { name: 'unit', runner: 'vitest', budgetSeconds: 60, what: 'no process, no socket, no browser' },
  {
    name: 'integration',
    runner: 'vitest',
    budgetSeconds: 180,
    what: 'the product in this process, on SQLite',
  },
  {
    name: 'postgres',
    runner: 'vitest',
    budgetSeconds: 90,
    what: 'the database layer and an API contract set on a real PostgreSQL',
  },
  {
    name: 'processes',
    runner: 'vitest',
    budgetSeconds: 300,
    what: 'faults, cluster, move, upgrade, ops and Chromium engines, as separate processes',
  },
  { name: 'e2e', runner: 'e2e', budgetSeconds: 480, what: 'Playwright in Chromium against the real server' },
  { name: 'binary', runner: 'binary', budgetSeconds: 180, what: 'the single executable, built and walked' },
]
