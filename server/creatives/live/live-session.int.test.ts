// A live session over real sockets: the workbench starts it (tRPC), a phone follows the link
// and posts lines without signing in, the owner's stream delivers them; the link is a
// capability (expiring, revocable, good for nothing else), a hostile phone is bounded, and a
// phone and a workbench on two app processes sharing one database still meet: a stream finds
// in the database what another process took, which is all one process's streams get when
// nothing wakes them (onAnotherProcess).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEventStream, type StreamEvent } from '../../../shared/live/event-stream.ts'
import {
  LIVE_LIMITS,
  LIVE_PARAM,
  LIVE_PATHS,
  LIVE_PRESENCE,
  LIVE_SESSION_TTL_MS,
  type LivePresence,
  type LiveSession,
  type LiveStreamLine,
} from '../../../shared/live/live-session.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, PUBLIC_URL, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

let a: TestApp
let originA: string
let uuid: string

beforeAll(async () => {
  // Connections idle for a second are cut: a stream must keep itself from looking idle.
  a = await createTestApp({ IDLE_TIMEOUT_SECONDS: '1' })
  originA = await a.listen()
  const upload = await uploadPackage(a, 'live.zip', validPackage())
  expect(upload.response.status).toBe(201)
  uuid = upload.uuid!
})
afterAll(async () => {
  await a.cleanup()
})

/**
 * Runs `step` as if the phone's post (or the owner's end) reached another app process behind the
 * load balancer: this process's live bus wakes none of its streams meanwhile.
 */
async function onAnotherProcess<T>(step: () => T | Promise<T>): Promise<T> {
  const bus = a.services.liveBus
  a.services.liveBus = { ...bus, wake: () => {} }
  try {
    return await step()
  } finally {
    a.services.liveBus = bus
  }
}

function trpc(t: TestApp, procedure: string, input: unknown, auth: Record<string, string> = t.auth) {
  return t.app.request(`/ads-preview/trpc/${procedure}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  })
}

async function start(t: TestApp = a): Promise<LiveSession & { secret: string }> {
  const response = await trpc(t, 'live.start', { uuid })
  expect(response.status).toBe(200)
  const session = ((await response.json()) as { result: { data: LiveSession } }).result.data
  return { ...session, secret: decodeURIComponent(session.url.split('/').pop()!) }
}

/** The owner's stream: its events as they arrive, which phones are there, how many heartbeat comments came. */
function stream(origin: string, id: string, auth: Record<string, string> = a.auth) {
  const abort = new AbortController()
  const events: StreamEvent[] = []
  /** The phones there, each time the stream said they changed (kept apart from the other events). */
  const presence: string[][] = []
  let text = ''
  const decoder = new TextDecoder()
  const opened = fetch(`${origin}${LIVE_PATHS.stream(id)}`, { headers: auth, signal: abort.signal })
  const done = opened.then(async (response) => {
    if (!response.ok) return response.status
    const seen = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        text += decoder.decode(chunk, { stream: true })
        controller.enqueue(chunk)
      },
    })
    for await (const event of readEventStream(response.body!.pipeThrough(seen)))
      if (event.event === 'presence') presence.push((JSON.parse(event.data) as LivePresence).devices)
      else events.push(event)
    return response.status
  })
  done.catch(() => {})
  return {
    opened,
    events,
    heartbeats: () => text.split(': still here\n').length - 1,
    lines: () => events.filter((e) => e.event === 'line').map((e) => JSON.parse(e.data) as LiveStreamLine),
    there: () => presence.at(-1),
    close: () => abort.abort(),
  }
}

const post = (origin: string, secret: string, body: unknown) =>
  fetch(`${origin}${LIVE_PATHS.lines(secret)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'null' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const phonePost = (lines: { kind: string; detail: unknown; at?: number }[], device = 'phone-one-1234') => {
  const now = Date.now()
  return { device, sentAt: now, lines: lines.map((line) => ({ at: now, ...line })) }
}

describe('a live session', () => {
  it("the link opens the creative under the link's own path, with the secret for the host, without signing in", async () => {
    const session = await start()
    expect(session.url).toMatch(new RegExp(`^${PUBLIC_URL}/ads-preview/live/[A-Za-z0-9_-]{43}$`))
    expect(session.expiresAt - Date.now()).toBeGreaterThan(LIVE_SESSION_TTL_MS - 60_000)
    const response = await fetch(`${originA}${LIVE_PATHS.join(session.secret)}`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      `${LIVE_PATHS.join(session.secret)}/ad/?${LIVE_PARAM}=${session.secret}`,
    )
  })

  it('reveals no lasting path of the package: what the link shows ends with the session', async () => {
    const session = await start()
    const join = await fetch(`${originA}${LIVE_PATHS.join(session.secret)}`, { redirect: 'manual' })
    const location = join.headers.get('location')!
    const entry = await fetch(`${originA}${location}`)
    expect(entry.status).toBe(200)
    expect(entry.headers.get('cache-control')).toBe('no-store')
    expect(entry.headers.get('content-security-policy')).toMatch(/^sandbox /)
    const html = await entry.text()
    expect(html).toContain('<script src="mraid.js"')
    const script = await fetch(`${originA}${LIVE_PATHS.join(session.secret)}/ad/ad.js`)
    expect(script.status).toBe(200)
    expect(await script.text()).toContain('dataset.ready')
    // Neither the package's preview path nor its download path shows anywhere.
    const answered = [location, html, ...entry.headers.values(), ...join.headers.values()].join('\n')
    expect(answered).not.toContain(uuid)
    expect((await trpc(a, 'live.end', { id: session.id })).status).toBe(200)
    expect((await fetch(`${originA}${location}`)).status).toBe(410)
    expect((await fetch(`${originA}${LIVE_PATHS.join(session.secret)}/ad/ad.js`)).status).toBe(410)
  })

  it("shows nothing of a deleted package under a session's link", async () => {
    const other = await uploadPackage(a, 'live-deleted.zip', validPackage('deleted'))
    const response = await trpc(a, 'live.start', { uuid: other.uuid })
    const session = ((await response.json()) as { result: { data: LiveSession } }).result.data
    const entryUrl = `${originA}${a.pathOf(session.url)}/ad/`
    expect((await fetch(entryUrl)).status).toBe(200)
    const deleted = await a.app.request(`/ads-preview/api/packages/${other.uuid}`, {
      method: 'DELETE',
      headers: a.auth,
    })
    expect(deleted.status).toBe(200)
    expect((await fetch(entryUrl)).status).toBe(404)
  })

  it("delivers a phone's lines to its owner's stream, in order, on the server's clock", async () => {
    const session = await start()
    const watch = stream(originA, session.id)
    const response = await watch.opened
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    // nginx would hold the events back in its buffer without this.
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    await expect.poll(() => watch.events.length).toBe(1)
    expect(watch.events[0]!.event).toBe('hello')
    // The phone's clock is an hour late: the server keeps only the distance to sentAt.
    const hourLate = Date.now() - 3600_000
    const sent = await post(originA, session.secret, {
      device: 'phone-one-1234',
      sentAt: hourLate,
      lines: [
        { at: hourLate - 20, kind: 'event', detail: { event: 'ready', args: [] } },
        { at: hourLate - 10, kind: 'console', detail: { level: 'log', message: 'hello from the phone' } },
      ],
    })
    expect(sent.status).toBe(200)
    expect(sent.headers.get('access-control-allow-origin')).toBe('*')
    await expect.poll(() => watch.lines().length, { timeout: 1000 }).toBe(2)
    const [ready, log] = watch.lines()
    expect(ready).toMatchObject({ device: 'phone-one-1234', kind: 'event', detail: { event: 'ready' } })
    expect(log!.at - ready!.at).toBe(10)
    expect(Math.abs(Date.now() - log!.at)).toBeLessThan(5000)
    // A second phone joins the same session.
    expect(
      (await post(originA, session.secret, phonePost([{ kind: 'device', detail: {} }], 'phone-two-5678')))
        .status,
    ).toBe(200)
    await expect.poll(() => watch.lines().map((l) => l.device)).toContain('phone-two-5678')
    // A stream opened later (or reconnecting with Last-Event-ID) resumes after the line it names.
    const later = stream(originA, session.id, { ...a.auth, 'Last-Event-ID': String(ready!.id) })
    await expect.poll(() => later.lines().length).toBe(2)
    expect(later.lines()[0]!.id).toBe(log!.id)
    watch.close()
    later.close()
  })

  it('works across two app processes on one database: phone on one, workbench on the other', async () => {
    const session = await start(a)
    const watch = stream(originA, session.id)
    await expect.poll(() => watch.events.length).toBe(1)
    const before = Date.now()
    const sent = await onAnotherProcess(() =>
      post(originA, session.secret, phonePost([{ kind: 'call', detail: { method: 'open', args: ['x'] } }])),
    )
    expect(sent.status).toBe(200)
    await expect.poll(() => watch.lines().length, { timeout: 1000 }).toBe(1)
    console.log(`live line across processes: ${Date.now() - before} ms`)
    watch.close()
  })

  it('a quiet stream outlives the idle timeout (IDLE_TIMEOUT_SECONDS=1)', async () => {
    const session = await start()
    const watch = stream(originA, session.id)
    await expect.poll(() => watch.events.length).toBe(1)
    // A heartbeat each third of the idle timeout: four of them span more than the timeout, on
    // the socket's own (real) clock, with nothing else sent.
    await expect.poll(() => watch.heartbeats(), { timeout: 4000 }).toBeGreaterThanOrEqual(4)
    expect((await post(originA, session.secret, phonePost([{ kind: 'event', detail: {} }]))).status).toBe(200)
    await expect.poll(() => watch.lines().length, { timeout: 1000 }).toBe(1)
    watch.close()
  })

  it('ending it stops the link and the posts at once, and ends the stream', async () => {
    const session = await start()
    const watch = stream(originA, session.id)
    await expect.poll(() => watch.events.length).toBe(1)
    expect((await onAnotherProcess(() => trpc(a, 'live.end', { id: session.id }))).status).toBe(200)
    await expect.poll(() => watch.events.map((e) => e.event), { timeout: 2000 }).toContain('end')
    const refused = await post(originA, session.secret, phonePost([{ kind: 'event', detail: {} }]))
    expect(refused.status).toBe(410)
    expect(await refused.json()).toEqual({
      message: 'This live session has ended. Start a new one in the workbench.',
    })
    expect((await fetch(`${originA}${LIVE_PATHS.join(session.secret)}`, { redirect: 'manual' })).status).toBe(
      410,
    )
  })

  it('expires after its time', async () => {
    const session = await start()
    const now = a.services.now
    a.services.now = () => Date.now() + LIVE_SESSION_TTL_MS + 1000
    try {
      expect((await post(originA, session.secret, phonePost([{ kind: 'event', detail: {} }]))).status).toBe(
        410,
      )
      expect(
        (await fetch(`${originA}${LIVE_PATHS.join(session.secret)}`, { redirect: 'manual' })).status,
      ).toBe(410)
    } finally {
      a.services.now = now
    }
  })

  it('the link is good for nothing else: no API, no other session, no other person', async () => {
    const session = await start()
    const asBearer = { Authorization: `Bearer ${session.secret}` }
    expect((await a.app.request('/ads-preview/api/packages', { headers: asBearer })).status).toBe(401)
    expect((await fetch(`${originA}${LIVE_PATHS.stream(session.id)}`, { headers: asBearer })).status).toBe(
      401,
    )
    // A made-up secret joins nothing.
    expect((await post(originA, 'x'.repeat(43), phonePost([{ kind: 'event', detail: {} }]))).status).toBe(410)
    // Another signed-in person cannot read or end it.
    const other = {
      Authorization: `Bearer ${await a.issuer.sign({ sub: 'user-2', email: 'other@example.com' })}`,
    }
    expect((await fetch(`${originA}${LIVE_PATHS.stream(session.id)}`, { headers: other })).status).toBe(404)
    expect((await trpc(a, 'live.end', { id: session.id }, other)).status).toBe(404)
    // Starting one needs a signed-in person and a package that exists.
    expect((await trpc(a, 'live.start', { uuid }, {})).status).toBe(401)
    expect((await trpc(a, 'live.start', { uuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
  })

  it('takes lines from at most its number of phones: a creative cannot make up more', async () => {
    const session = await start()
    const line = [{ kind: 'event', detail: {} }]
    for (let phone = 0; phone < LIVE_LIMITS.devicesPerSession; phone++)
      expect((await post(originA, session.secret, phonePost(line, `made-up-${phone}`))).status).toBe(200)
    const crowded = await post(originA, session.secret, phonePost(line, 'one-too-many'))
    expect(crowded.status).toBe(429)
    expect(((await crowded.json()) as { message: string }).message).toMatch(/its 20 phones/)
    // The phones already in go on.
    expect((await post(originA, session.secret, phonePost(line, 'made-up-0'))).status).toBe(200)
  })

  it('bounds what a hostile creative can send', async () => {
    const session = await start()
    const big = 'x'.repeat(LIVE_LIMITS.bytesPerPost)
    expect((await post(originA, session.secret, phonePost([{ kind: 'console', detail: big }]))).status).toBe(
      413,
    )
    const many = Array.from({ length: LIVE_LIMITS.linesPerPost + 1 }, () => ({ kind: 'event', detail: {} }))
    expect((await post(originA, session.secret, phonePost(many))).status).toBe(400)
    expect((await post(originA, session.secret, '{not json')).status).toBe(400)
    expect((await post(originA, session.secret, phonePost([{ kind: 'script', detail: {} }]))).status).toBe(
      400,
    )
    // A long detail is kept cut to its bound.
    const long = { level: 'log', message: 'y'.repeat(LIVE_LIMITS.bytesPerLine + 100) }
    expect((await post(originA, session.secret, phonePost([{ kind: 'console', detail: long }]))).status).toBe(
      200,
    )
    const { liveLines, liveSessions } = a.db.tables
    const [kept] = await a.db.orm.select().from(liveLines).where(eq(liveLines.sessionId, session.id))
    expect(JSON.stringify(kept!.detail).length).toBeLessThan(LIVE_LIMITS.bytesPerLine + 100)
    // A session full of lines refuses more, and says why.
    await a.db.write((tx) =>
      tx
        .update(liveSessions)
        .set({ lineCount: LIVE_LIMITS.linesPerSession - 1 })
        .where(eq(liveSessions.id, session.id)),
    )
    const two = [
      { kind: 'event', detail: {} },
      { kind: 'event', detail: {} },
    ]
    const full = await post(originA, session.secret, phonePost(two))
    expect(full.status).toBe(429)
    expect(((await full.json()) as { message: string }).message).toMatch(/20000 lines/)
    expect((await post(originA, session.secret, phonePost(two.slice(1)))).status).toBe(200)
  })
})

describe('the phones that are there', () => {
  it('are those heard from lately (a line or a heartbeat) that did not say they left, on the server clock', async () => {
    const realNow = a.services.now
    let clock = Date.now()
    a.services.now = () => clock
    try {
      const session = await start()
      const watch = stream(originA, session.id)
      const there = watch.there
      const say = (device: string, kind: string, detail: unknown) =>
        post(originA, session.secret, phonePost([{ kind, detail }], device))
      await expect.poll(there).toEqual([])
      await say('phone-one-1234', 'console', { level: 'log', args: ['ready'] })
      await say('phone-two-5678', 'device', { presence: 'here' })
      await expect.poll(there).toEqual(['phone-one-1234', 'phone-two-5678'])
      // The second phone's page went: its host said so.
      await say('phone-two-5678', 'device', { presence: 'left' })
      await expect.poll(there).toEqual(['phone-one-1234'])
      // The first went quiet, no heartbeat either (locked, out of reach): gone after the limit.
      clock += LIVE_PRESENCE.goneAfterMs - 1000
      await say('phone-two-5678', 'device', { presence: 'here' })
      await expect.poll(there).toEqual(['phone-one-1234'])
      clock += 2000
      await expect.poll(there).toEqual([])
      // Its heartbeat brings it back; the one that left stays gone.
      await say('phone-one-1234', 'device', { presence: 'here' })
      await expect.poll(there).toEqual(['phone-one-1234'])
      watch.close()
    } finally {
      a.services.now = realNow
    }
  })
})
