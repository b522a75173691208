// The shapes of /health and /ready, for the routes and the OpenAPI document.
import { z } from 'zod/mini'

export const healthAnswerSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** How it runs: the single executable, or Node with the project's files (npm start). */
  runtime: z.enum(['single-executable', 'node']),
})

export const readinessAnswerSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** Per check: 'ok', or why not (an error code and a short reason, no path). */
  checks: z.record(z.string(), z.string()),
})

export type HealthAnswer = z.infer<typeof healthAnswerSchema>
export type ReadinessAnswer = z.infer<typeof readinessAnswerSchema>
