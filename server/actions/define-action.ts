// An action is one thing the product does (create a package, validate an upload ...), one per
// file, grouped by area (server/creatives/uploads/, server/creatives/packages/ ...). It parses its own input with the
// shared wire schema, does its work through the parts in its context, and raises AppError
// (server/platform/errors.ts) for anything the caller should hear about. Transports stay thin: REST and
// tRPC decode the request, call the action, and answer its result or the error through one
// mapping (server/platform/http/error-answer.ts).
import type { z } from 'zod/mini'
import { MESSAGES } from '../../shared/constants.ts'
import type { Inspect } from '../creatives/inspection/inspector.ts'
import type { LiveBus } from '../creatives/live/live-bus.ts'
import type { PackageFiles } from '../creatives/preview/package-files.ts'
import type { AuthUser } from '../identity/access/user.ts'
import type { MemberCheck } from '../identity/provider/member-check.ts'
import type { Config } from '../parse-config.ts'
import type { Database } from '../platform/db/database.ts'
import { AppError } from '../platform/errors.ts'
import type { JobQueue } from '../platform/jobs/job-queue.ts'
import type { Mailer } from '../platform/mail/mailer.ts'
import type { BlobStore } from '../platform/storage/blob-store.ts'

/** The parts every action may use, built once at start (server/start.ts). */
export interface Services {
  config: Config
  db: Database
  blobs: BlobStore
  jobs: JobQueue
  inspect: Inspect
  /** A package's files are gone: whatever holds them open lets go (the preview cache). */
  packageGone(uuid: string): void
  /** Created packages get a rendered thumbnail (a browser was found). */
  renderThumbnails: boolean
  /** Created packages get a runtime audit of delivery targets (a browser, and AUDIT_SECONDS > 0). */
  auditCreatives: boolean
  /** Sends team links by mail; absent without SMTP_URL. */
  mailer?: Mailer
  /** The embedded provider's members (team management); absent with an external provider. */
  members?: MemberCheck
  /** A package's creative file by file, for whatever path serves it (creatives/preview/). */
  packageFiles: PackageFiles
  /** Wakes live sessions' streams in this process (creatives/live/live-bus.ts). */
  liveBus: LiveBus
  now(): number
}

/** What an action runs with: the parts and, for API calls, the signed-in caller. */
export interface ActionContext extends Services {
  user?: AuthUser
}

export type Action<S extends z.ZodMiniType, Out> = ((ctx: ActionContext, input: unknown) => Promise<Out>) & {
  input: S
  /** Changes nothing: an API token of scope read may call it (identity/access/scope.ts); every other needs write. */
  readOnly?: true
}

export function defineAction<S extends z.ZodMiniType, Out>(
  input: S,
  run: (ctx: ActionContext, input: z.output<S>) => Promise<Out>,
): Action<S, Out> {
  const action = async (ctx: ActionContext, raw: unknown) => run(ctx, parseInput(input, raw))
  return Object.assign(action, { input })
}

/** An action that only reads (list, get): callable with a read-only API token. */
export function readOnlyAction<S extends z.ZodMiniType, Out>(
  input: S,
  run: (ctx: ActionContext, input: z.output<S>) => Promise<Out>,
): Action<S, Out> {
  return Object.assign(defineAction(input, run), { readOnly: true as const })
}

/** Parses input with a zod schema; a 400 names the first bad field. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new AppError(
    'BAD_REQUEST',
    issue ? `${issue.path.join('.') || 'input'}: ${issue.message}` : 'Invalid input',
  )
}

/** The signed-in caller; API routes check the bearer first, so this only guards misuse. */
export function requireCaller(ctx: ActionContext): AuthUser {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized)
  return ctx.user
}

/** How the product records who did something. */
export const callerName = (user: AuthUser) => user.email ?? user.sub
