// A server for the benchmarks, in its own process so its memory and CPU are its own:
// `ours` is the real app (test issuer, temp data dir), `bare` is a plain node:http server doing
// the same job with nothing else (write the body to disk / serve one file from disk).
// It prints `READY <port>` and answers GET /__bench/peak (resident memory growth since the
// last call) and, for `ours`, GET /__bench/signed (a fresh signed PUT URL) and /__bench/seed.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { zipSync } from 'fflate'
import { getUploadUrl } from '../server/creatives/uploads/get-upload-url.ts'
import { largeEntryZip } from '../tests/fixtures/large-entry-zip.ts'
import { createTestApp, PUBLIC_URL, uploadPackage } from '../tests/helpers/test-app.ts'

const mode = process.argv[2] as 'ours' | 'bare'
let baseline = process.memoryUsage().rss
let peak = baseline
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 10).unref()

function peakAnswer(res: http.ServerResponse) {
  const growth = peak - baseline
  baseline = process.memoryUsage().rss
  peak = baseline
  res.end(String(growth))
}

const ASSET = Buffer.alloc(20 * 1024, 'a')
/**
 * The largest entry of a 100 MB package: 95 MiB of video-like bytes, deflated: the case that costs
 * the server most memory.
 */
const LARGE_ENTRY = { mebibytes: 95, ratio: 1 }

if (mode === 'bare') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'))
  process.on('SIGTERM', () => {
    fs.rmSync(dir, { recursive: true, force: true })
    process.exit(0)
  })
  fs.writeFileSync(path.join(dir, 'asset.js'), ASSET)
  let n = 0
  const server = http.createServer((req, res) => {
    if (req.url === '/__bench/peak') return peakAnswer(res)
    if (req.url === '/health') return res.end('{"status":"ok"}')
    if (req.url === '/large.bin') {
      const file = path.join(dir, 'large.bin')
      if (!fs.existsSync(file)) fs.writeFileSync(file, Buffer.concat(largeEntryZip(LARGE_ENTRY).parts))
      fs.createReadStream(file).pipe(res)
      return
    }
    if (req.method === 'PUT') {
      const file = path.join(dir, `upload-${n++}`)
      req.pipe(fs.createWriteStream(file, { flush: true })).on('finish', () => {
        fs.rmSync(file, { force: true })
        res.end()
      })
      return
    }
    fs.readFile(path.join(dir, 'asset.js'), (error, data) => {
      res.setHeader('Content-Type', 'text/javascript')
      res.end(error ? '' : data)
    })
  })
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`)
  })
} else {
  const t = await createTestApp({ MAX_PACKAGE_BYTES: String(700 * 1024 * 1024) })
  process.on('SIGTERM', () => {
    void t.cleanup().then(() => process.exit(0))
  })
  let previewPath = ''
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (request: Request) => {
      const url = new URL(request.url)
      if (url.pathname === '/__bench/peak') {
        const growth = peak - baseline
        baseline = process.memoryUsage().rss
        peak = baseline
        return new Response(String(growth))
      }
      if (url.pathname === '/__bench/signed') {
        const answer = await getUploadUrl(
          { ...t.services, user: { sub: `bench-${Date.now()}`, role: 'member' } },
          { filename: `b-${Date.now()}.zip`, contentType: 'application/zip', policy: 'keep' },
        )
        return new Response(answer.signedRequest.replace(PUBLIC_URL, ''))
      }
      if (url.pathname === '/__bench/large') {
        const zip = largeEntryZip({
          ...LARGE_ENTRY,
          files: { 'index.html': '<script src="mraid.js"></script>' },
        })
        const result = await uploadPackage(t, 'large.zip', Buffer.concat(zip.parts), 'keep')
        const { package: created } = (await result.response.json()) as { package: { index_url: string } }
        return new Response(`${t.pathOf(created.index_url).replace('index.html', 'video.bin')} ${zip.size}`)
      }
      if (url.pathname === '/__bench/preview') {
        if (!previewPath) {
          const zip = zipSync({
            'index.html': new TextEncoder().encode(
              '<script src="mraid.js"></script><script src="asset.js"></script>',
            ),
            'asset.js': [ASSET, { level: 0 }],
          })
          const created = await uploadPackage(t, 'preview.zip', zip, 'keep')
          const { package: pkg } = (await created.response.json()) as { package: { index_url: string } }
          previewPath = t.pathOf(pkg.index_url).replace('index.html', 'asset.js')
        }
        return new Response(previewPath)
      }
      return t.app.fetch(request)
    },
  })
  server.on('listening', () => {
    const address = server.address()
    console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`)
  })
}
