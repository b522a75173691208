// A live session (the ad on a real phone, its console on the workbench): the workbench hands out a
// link (a capability: unguessable, expiring, revocable); a phone that opens it runs the creative
// with our MRAID host, which sends what the ad does there to the server; the workbench reads it
// back as a stream, beside its own run, on the server's clock. These are the shapes and limits all
// three sides share.
import { z } from 'zod/mini'
import { BASE_PATH } from '../constants.ts'
import type { HostMessageKind } from '../mraid/host-protocol.ts'
import { REST, SERVER_MOUNTS } from '../paths.ts'

/** How long a session's link works unless it is ended sooner. */
export const LIVE_SESSION_TTL_MS = 2 * 60 * 60 * 1000

/** What a creative on a phone may send (it is hostile: it could send anything, often). */
export const LIVE_LIMITS = {
  /** Lines in one post; the host batches lines and sends at most one post at a time. */
  linesPerPost: 200,
  /** Bytes of one post's body. */
  bytesPerPost: 64 * 1024,
  /** Bytes of one line's detail as JSON; a longer one is cut to a text. */
  bytesPerLine: 4 * 1024,
  /** Lines kept for one session: later ones are refused (429), the session goes on. */
  linesPerSession: 20_000,
  /**
   * Phones (device ids) in one session: a post from another is refused (429). The creative
   * can read the link from its own URL and post under any number of made-up ids; the
   * workbench gives each phone a column.
   */
  devicesPerSession: 20,
} as const

/** The query parameter on the creative's URL that carries the link's secret to the host. */
export const LIVE_PARAM = 'live'

/** Paths of a session, absolute (with BASE_PATH). */
export const LIVE_PATHS = {
  /** The link a phone opens (its secret is the capability). */
  join: (secret: string) => `${BASE_PATH}${SERVER_MOUNTS.live}/${encodeURIComponent(secret)}`,
  /** Where the host on the phone posts its lines. */
  lines: (secret: string) => `${BASE_PATH}${SERVER_MOUNTS.live}/${encodeURIComponent(secret)}/lines`,
  /** The owner's stream of every phone's lines (server-sent events, bearer header). */
  stream: (sessionId: string) =>
    `${BASE_PATH}${SERVER_MOUNTS.api}${REST.liveStream.replace(':id', encodeURIComponent(sessionId))}`,
} as const

const HOST_KINDS = [
  'call',
  'event',
  'error',
  'console',
  'network',
  'device',
] as const satisfies readonly HostMessageKind[]

/** One thing the host saw, at the phone's time in ms. */
export const liveLineSchema = z.object({
  at: z.number(),
  kind: z.enum(HOST_KINDS),
  detail: z.unknown(),
})

/** One post from a phone: its lines, and its clock when it sent them (the server's replaces it). */
export const livePostSchema = z.object({
  /** A random id the phone's page chose when it loaded: one per phone (and per reload). */
  device: z.string().check(z.minLength(8), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/)),
  sentAt: z.number(),
  lines: z.array(liveLineSchema).check(z.maxLength(LIVE_LIMITS.linesPerPost)),
})
export type LivePost = z.infer<typeof livePostSchema>

/** What starting a session answers the workbench. */
export const liveSessionSchema = z.object({
  id: z.string(),
  /** The link for the phone (absolute, PUBLIC_URL). */
  url: z.string(),
  expiresAt: z.number(),
})
export type LiveSession = z.infer<typeof liveSessionSchema>

export const liveSessionIdSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) })

/** A line as the stream delivers it: which phone, when on the server's clock. */
export interface LiveStreamLine {
  /** Increasing within a session: the stream's event id (Last-Event-ID resumes after it). */
  id: number
  device: string
  at: number
  kind: (typeof HOST_KINDS)[number]
  detail: unknown
}

/**
 * Which phones are there: a phone's host sends a `device` line saying `{ presence: 'here' }` when
 * the ad has been quiet for `heartbeatMs`, and `{ presence: 'left' }` when its page goes; a phone
 * heard from in the last `goneAfterMs` (on the server's clock) that has not left is there.
 */
export const LIVE_PRESENCE = { heartbeatMs: 10_000, goneAfterMs: 35_000 } as const
export type PresenceSignal = { presence: 'here' | 'left' }
export const isPresenceSignal = (line: { kind: string; detail: unknown }): boolean =>
  line.kind === 'device' && typeof (line.detail as Partial<PresenceSignal> | null)?.presence === 'string'

/**
 * The stream's events: `hello` first (the server's clock), `line`s, `presence` whenever the
 * phones that are there change, `end` when the session ends.
 */
export const LIVE_STREAM_EVENTS = { hello: 'hello', line: 'line', presence: 'presence', end: 'end' } as const
/** The phones there now, by the device ids their lines carry. */
export interface LivePresence {
  devices: string[]
}
export interface LiveHello {
  now: number
  expiresAt: number
}

/** What a post of lines answers: how many were kept. */
export const liveLinesAnswerSchema = z.object({ taken: z.number().check(z.int(), z.minimum(0)) })
