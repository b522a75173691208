// A live session's latency (the ad running on a phone, its console on the workbench): from a
// console line of the ad on a "phone" (a Chromium page that opened the session's link, running our
// MRAID host) to that line read from the owner's stream, as the workbench reads it; 100 lines one
// after another, both ends on this machine's clock. Once with the stream on the process the phone
// posts to, once on a second app process on the same database (a load balancer's other node: found
// by polling). Baseline: the same page's plain request to the server and back (GET /health), in the
// same run.
import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, findChromium } from '../server/platform/renderer/chromium.ts'
import { readEventStream } from '../shared/live/event-stream.ts'
import { LIVE_PATHS, type LiveSession, type LiveStreamLine } from '../shared/live/live-session.ts'
import { validPackage } from '../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../tests/helpers/test-app.ts'
import type { Figure } from './measure.ts'

const LINES = 100

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

async function startSession(t: TestApp, uuid: string): Promise<LiveSession & { secret: string }> {
  const response = await t.app.request('/ads-preview/trpc/live.start', {
    method: 'POST',
    headers: { ...t.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ uuid }),
  })
  const session = ((await response.json()) as { result: { data: LiveSession } }).result.data
  return { ...session, secret: session.url.split('/').pop()! }
}

/** Milliseconds from each line said on the phone to its arrival on the stream. */
async function delays(phone: Page, watcher: { origin: string; auth: Record<string, string> }, id: string) {
  const abort = new AbortController()
  const response = await fetch(`${watcher.origin}${LIVE_PATHS.stream(id)}`, {
    headers: watcher.auth,
    signal: abort.signal,
  })
  const arrived = new Map<string, number>()
  let notify = () => {}
  const reading = (async () => {
    for await (const event of readEventStream(response.body!)) {
      if (event.event !== 'line') continue
      const line = JSON.parse(event.data) as LiveStreamLine
      const message = (line.detail as { message?: string }).message
      if (line.kind === 'console' && message?.startsWith('bench ')) {
        arrived.set(message, Date.now())
        notify()
      }
    }
  })().catch(() => {})
  const result: number[] = []
  for (let i = 0; i < LINES; i++) {
    const text = `bench ${id} ${i}`
    const seen = new Promise<void>((resolve) => {
      notify = () => arrived.has(text) && resolve()
    })
    const saidAt = await phone.evaluate((t) => {
      console.log(t)
      return Date.now()
    }, text)
    await seen
    result.push(arrived.get(text)! - saidAt)
  }
  abort.abort()
  await reading
  return result
}

export async function benchLiveSession(): Promise<Figure[]> {
  const executablePath = findChromium(process.env.CHROMIUM_PATH)
  if (!executablePath) {
    console.log('live session figures skipped: they need Chromium')
    return []
  }
  const a = await createTestApp()
  const b = await createTestApp({ DATA_DIR: a.dataDir })
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    const originA = await a.listen()
    const originB = await b.listen()
    const upload = await uploadPackage(a, 'live-bench.zip', validPackage())
    const phone = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const run = async (watcher: { origin: string; auth: Record<string, string> }) => {
      const session = await startSession(a, upload.uuid!)
      await phone.goto(`${originA}${LIVE_PATHS.join(session.secret)}`)
      return delays(phone, watcher, session.id)
    }
    const sameProcess = await run({ origin: originA, auth: a.auth })
    const otherProcess = await run({ origin: originB, auth: b.auth })
    // The baseline: the phone page's own request to the server and back.
    const roundTrips: number[] = []
    for (let i = 0; i < LINES; i++) {
      roundTrips.push(
        await phone.evaluate(async (url) => {
          const started = performance.now()
          // The creative's origin is opaque (sandboxed): no-cors, as a creative's own request would be.
          await fetch(url, { cache: 'no-store', mode: 'no-cors' })
          return performance.now() - started
        }, `${originA}/ads-preview/health`),
      )
    }
    const figure = (name: string, values: number[], p: number): Figure => ({
      name: `live session, phone line to the workbench's stream, ${name}, ${p === 50 ? 'median' : `p${p}`} of ${LINES}`,
      value: percentile(values, p),
      unit: 'ms',
      baseline: percentile(roundTrips, p),
      baselineName: `a request from the phone page to the server and back, ${p === 50 ? 'median' : `p${p}`}`,
      lowerIsBetter: true,
    })
    return [
      figure('one app process', sameProcess, 50),
      figure('one app process', sameProcess, 95),
      figure('phone and workbench on two app processes', otherProcess, 50),
      figure('phone and workbench on two app processes', otherProcess, 95),
    ]
  } finally {
    await browser.close()
    await b.cleanup()
    await a.cleanup()
  }
}
