// More than one machine: preview serving through nginx in front of three app processes (on PostgreSQL and
// S3, tests/helpers/app-cluster.ts, with docs/self-hosting.md's site and so its preview cache)
// against the same nginx serving the same file statically from its disk, in the same run: a
// 20 KB asset of a package, answered from nginx's cache for as long as the app's Cache-Control
// allows (the processes read it out of the zip in the bucket when nginx asks), and as a plain
// file by nginx.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { VALID_INDEX_HTML, zipOf } from '../tests/fixtures/packages.ts'
import {
  CLUSTER_EMAIL,
  CLUSTER_PASSWORD,
  clusterUnavailable,
  startAppCluster,
} from '../tests/helpers/app-cluster.ts'
import { uploadOverHttp } from '../tests/helpers/http-upload.ts'
import { implicitAccessToken } from '../tests/helpers/oidc-http.ts'
import { freePort } from '../tests/helpers/product-process.ts'
import { loadTest } from './child.ts'
import type { Figure } from './measure.ts'

const REQUESTS = 5000
const CONNECTIONS = 64

export async function benchClusterServing(): Promise<Figure[]> {
  const unavailable = clusterUnavailable()
  if (unavailable) {
    console.log(`cluster serving not measured: ${unavailable}`)
    return []
  }
  const asset = Buffer.from(`// ${randomBytes(10 * 1024).toString('hex')}\n`)
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-static-'))
  fs.writeFileSync(path.join(staticDir, 'asset.js'), asset)
  fs.chmodSync(staticDir, 0o755)
  const staticPort = await freePort()
  const cluster = await startAppCluster({
    extraNginx: `server {\n  listen 127.0.0.1:${staticPort};\n  location /static/ { alias ${staticDir}/; }\n}\n`,
  })
  try {
    const base = `${cluster.origin}/ads-preview`
    const token = await implicitAccessToken(base, CLUSTER_EMAIL, CLUSTER_PASSWORD)
    const zip = zipOf({ 'index.html': VALID_INDEX_HTML, 'ad.js': asset })
    const created = await uploadOverHttp(base, token, 'bench.zip', zip)
    if (created.status !== 201)
      throw new Error(`the bench package was not created: ${created.status} ${JSON.stringify(created.body)}`)
    const throughNodes = `${base}/preview/${created.uuid}/ad.js`
    const onDisk = `http://127.0.0.1:${staticPort}/static/asset.js`
    for (const url of [throughNodes, onDisk]) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer())
      if (!body.equals(asset)) throw new Error(`${url} does not answer the asset`)
      await loadTest(url, 500, CONNECTIONS) // warm-up: every process opens the package once
    }
    const cached = (await fetch(throughNodes)).headers.get('x-cache-status')
    if (cached !== 'HIT') throw new Error(`nginx did not answer the preview file from its cache (${cached})`)
    const staticRps = await loadTest(onDisk, REQUESTS, CONNECTIONS)
    const nodesRps = await loadTest(throughNodes, REQUESTS, CONNECTIONS)
    return [
      {
        name: `preview asset ${(asset.length / 1024).toFixed(0)} KB through nginx (its preview cache, as the app's headers allow) and 3 processes (PostgreSQL + S3), ${CONNECTIONS} connections`,
        value: nodesRps,
        unit: 'req/s',
        baseline: staticRps,
        baselineName: 'the same nginx serving the file statically',
        lowerIsBetter: false,
      },
    ]
  } finally {
    await cluster.stop()
    fs.rmSync(staticDir, { recursive: true, force: true })
  }
}
