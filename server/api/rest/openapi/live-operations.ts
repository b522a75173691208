// A live session's HTTP side: the link a phone opens and where its MRAID host posts,
// both capability URLs (the secret in the path); the owner's stream behind the bearer check.
// Starting and ending a session are tRPC calls of the workbench (live.start, live.end).
import { LIVE_LIMITS, liveLinesAnswerSchema } from '../../../../shared/live/live-session.ts'
import { SERVER_MOUNTS as MOUNT, REST } from '../../../../shared/paths.ts'
import { errorAnswer as error, type Operation, openApiPath } from './operation.ts'

const SECRET = { secret: "The secret of the session's link (43 base64url characters)." }
const gone = error('The session never was, has expired or was ended.')

export const LIVE_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: `${MOUNT.live}/{secret}`,
    operationId: 'joinLiveSession',
    summary: "A live session's link: redirects to the creative under the link's own path (ending with it)",
    auth: 'none',
    tags: ['live'],
    params: SECRET,
    answers: {
      302: { description: 'To /live/{secret}/ad/?live={secret}: the entry HTML, its files beside it.' },
      410: gone,
    },
  },
  {
    method: 'get',
    path: `${MOUNT.live}/{secret}/ad/{path}`,
    operationId: 'getLiveSessionFile',
    summary: "A file of the session's creative, served sandboxed and uncached while the session is open",
    description:
      "path is the file's path inside the package and may contain slashes; empty is the entry HTML.",
    auth: 'none',
    tags: ['live'],
    params: { ...SECRET, path: 'The file inside the package.' },
    answers: {
      200: { description: 'The file, with its content type.', type: '*/*' },
      404: error('No such package or file.'),
      410: gone,
    },
  },
  {
    method: 'post',
    path: `${MOUNT.live}/{secret}/lines`,
    operationId: 'postLiveLines',
    summary: 'What the ad did on a phone, posted by the MRAID host there (CORS: any origin)',
    auth: 'none',
    tags: ['live'],
    params: SECRET,
    body: {
      type: 'text/plain',
      description: `JSON { device, sentAt, lines: [{ at, kind, detail }] } (shared/live/live-session.ts), at most ${LIVE_LIMITS.linesPerPost} lines and ${LIVE_LIMITS.bytesPerPost} bytes.`,
    },
    answers: {
      200: { description: 'Kept.', schema: liveLinesAnswerSchema },
      400: error('Not such a post.'),
      410: gone,
      413: error(`The body is larger than ${LIVE_LIMITS.bytesPerPost} bytes.`),
      429: error(`The session already holds ${LIVE_LIMITS.linesPerSession} lines.`),
    },
  },
  {
    method: 'get',
    path: openApiPath(MOUNT.api + REST.liveStream),
    operationId: 'streamLiveSession',
    summary: "The owner's stream of a live session: every phone's lines as server-sent events",
    description:
      'Events: hello { now, expiresAt } (the server clock), line { id, device, at, kind, detail } with the line id as event id, presence { devices } whenever the phones that are there change, end when the session ends or expires. Last-Event-ID (or ?after=) resumes after a line.',
    auth: 'bearer',
    tags: ['live'],
    params: { id: 'The session id live.start answered.' },
    answers: {
      200: { description: 'The stream.', type: 'text/event-stream' },
      401: error('Missing or invalid access token.'),
      403: error('The access policy refuses this caller; the body carries accessDenied: true.'),
      404: error("No such session of the caller's."),
    },
  },
]
