// Types for the tests that read the tier table (scripts/test-tiers.mjs).
import type { Tier } from './test-reports.d.mts'
export const TIERS: Tier[]
