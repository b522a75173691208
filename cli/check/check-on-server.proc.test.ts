// `check --server` against the real server on a socket: packages uploaded, validated and created
// there with a personal API token (scope write; one of scope read is refused), the server's refusals as failures, a refused token or a server out
// of reach as exit code 2, and the options that go with --server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { findChromium } from '../../server/platform/renderer/chromium.ts'
import { MISBEHAVING } from '../../tests/fixtures/audit-creatives.ts'
import { playablePackage } from '../../tests/fixtures/check-packages.ts'
import { packageWithoutMraid } from '../../tests/fixtures/packages.ts'
import { listeningTestApp, makeApiToken } from '../../tests/helpers/api-token.ts'
import { parseJsonReport } from '../../tests/helpers/check-formats.ts'
import { freePort } from '../../tests/helpers/product-process.ts'
import type { TestApp } from '../../tests/helpers/test-app.ts'
import { runCheckCommand } from './check-command.ts'
import { spawnSourceWorker } from './source-worker.ts'

// Each check starts its workers as processes: the file's other tests took up to 5.2 s beside the
// integration tier under a load average of 30 on 2 cores; budget 30 s a test.
vi.setConfig({ testTimeout: 30_000 })

let t: TestApp
let server: string
let token: string
let dir: string

beforeAll(async () => {
  ;({ t, server } = await listeningTestApp())
  token = await makeApiToken(t, 'write')
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-server-'))
  fs.writeFileSync(path.join(dir, 'playable.zip'), playablePackage())
  fs.writeFileSync(path.join(dir, 'no-mraid.zip'), packageWithoutMraid())
})
afterAll(async () => {
  await t.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function check(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = ''
  let stderr = ''
  const code = await runCheckCommand(args, {
    version: '0.0.0-test',
    spawnWorker: spawnSourceWorker,
    io: {
      stdout: (text) => {
        stdout += text
      },
      stderr: (text) => {
        stderr += text
      },
      progress: false,
      cwd: dir,
      env,
    },
  })
  return { code, stdout, stderr }
}

const listed = async () =>
  (
    (await (await t.app.request('/ads-preview/api/packages', { headers: t.auth })).json()) as {
      packages: { uuid: string; filename: string }[]
    }
  ).packages

describe('against a server', () => {
  it('uploads, validates and creates each package; the ones the server refuses fail the run', async () => {
    const { code, stdout } = await check(['.', '--server', server, '--token', token, '--format', 'json'])
    expect(code).toBe(1)
    const [invalid, playable] = parseJsonReport(stdout).packages
    expect(invalid).toMatchObject({ file: 'no-mraid.zip', status: 'fail' })
    expect(invalid?.issues.map((i) => i.message).join('\n')).toMatch(/does not load mraid\.js/)
    expect(playable).toMatchObject({ file: 'playable.zip', status: 'pass' })
    expect(playable?.remote?.indexUrl).toMatch(new RegExp(`^${server}/ads-preview/preview/`))
    const packages = await listed()
    expect(packages.map((p) => p.filename)).toEqual(['playable.zip'])
    expect(packages[0]?.uuid).toBe(playable?.remote?.uuid)
  })

  it('takes the token from ADS_PREVIEW_TOKEN and the base path in the address, and keeps both versions', async () => {
    const { code } = await check(['playable.zip', '--server', `${server}/ads-preview/`], {
      ADS_PREVIEW_TOKEN: token,
    })
    expect(code).toBe(0)
    expect((await listed()).filter((p) => p.filename === 'playable.zip')).toHaveLength(2)
  })

  it("reports a version's review state once its name is shared for review", async () => {
    const [shared] = (await listed()).filter((p) => p.filename === 'playable.zip')
    const link = await t.app.request('/ads-preview/api/reviews', {
      method: 'POST',
      headers: { ...t.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uuids: [shared?.uuid] }),
    })
    expect(link.status).toBe(201)
    const { stdout } = await check([
      'playable.zip',
      '--server',
      server,
      '--token',
      token,
      '--format',
      'json',
      '--policy',
      'overwrite',
    ])
    expect(parseJsonReport(stdout).packages[0]?.remote?.review).toBe('awaiting')
  })

  it('fails a package whose name exists under --policy none', async () => {
    const { code, stdout } = await check([
      'playable.zip',
      '--server',
      server,
      '--token',
      token,
      '--policy',
      'none',
    ])
    expect(code).toBe(1)
    expect(stdout).toMatch(/^FAIL {2}playable\.zip\n {6}server\.refused: Filename already exists/m)
  })

  it('ends with exit code 2 when the server refuses the token', async () => {
    const { code, stderr } = await check(['.', '--server', server, '--token', 'not-a-token'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/the server refused the token \(401: Missing or invalid access token\)/)
  })

  it('ends with exit code 2 when the token may only read', async () => {
    const reader = await makeApiToken(t, 'read')
    const { code, stderr } = await check(['.', '--server', server, '--token', reader])
    expect(code).toBe(2)
    expect(stderr).toMatch(/the server refused the token \(403: This API token may only read/)
  })

  it('ends with exit code 2 when the server cannot be reached', async () => {
    const closed = await freePort()
    const { code, stderr } = await check(['.', '--server', `http://127.0.0.1:${closed}`, '--token', token])
    expect(code).toBe(2)
    expect(stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/)
  })
})

describe('against a server that audits creatives in Chromium', () => {
  const auditIssues = (verdict: { issues: { rule: string }[] } | undefined) =>
    verdict?.issues.filter((issue) => issue.rule.startsWith('server.audit'))
  const chromium = findChromium(process.env.CHROMIUM_PATH)
  // A creative whose static facts pass Display & Video 360 and whose behaviour (sound before a
  // touch) fails it: only the runtime audit can fail it.
  it.skipIf(!chromium)(
    '--audit-wait waits for the runtime audit and fails what it fails',
    async () => {
      fs.writeFileSync(path.join(dir, 'misbehaving.zip'), MISBEHAVING)
      // The window counts from navigation: 1 s was over before the creative's sound began on a
      // machine 2-3 times slower than CI (the audit passed it), so 3 s.
      const audited = await listeningTestApp({ CHROMIUM_PATH: chromium!, AUDIT_SECONDS: '3' })
      try {
        const writer = await makeApiToken(audited.t, 'write')
        const args = ['misbehaving.zip', '--format', 'json', '--targets', 'display-video-360']
        const offline = await check(args)
        expect(offline.code).toBe(0)
        expect(parseJsonReport(offline.stdout).packages[0]?.targets[0]?.pending).toBeGreaterThan(0)
        const server = ['--server', audited.server, '--token', writer]
        const started = performance.now()
        const { code, stdout } = await check([...args, ...server, '--audit-wait', '150'])
        const [verdict] = parseJsonReport(stdout).packages
        console.log(
          `check --server waited ${((performance.now() - started) / 1000).toFixed(1)} s for a 3 s audit`,
        )
        expect(code).toBe(1)
        expect(auditIssues(verdict)).toEqual([])
        expect(verdict?.targets[0]).toMatchObject({ id: 'display-video-360', verdict: 'fail', pending: 0 })
        expect(verdict?.targets[0]?.issues.map((issue) => issue.rule)).toContain('autoplay-audio')

        // Without the wait, the server's verdict at create: its runtime rules still pending.
        const atCreate = await check([...args, ...server, '--audit-wait', '0'])
        expect(atCreate.code).toBe(0)
        const [unaudited] = parseJsonReport(atCreate.stdout).packages
        expect(unaudited?.targets[0]?.pending).toBeGreaterThan(0)
        expect(auditIssues(unaudited)).toEqual([])
        // A wait too short for the audit says so, as a warning.
        const tooShort = await check([...args, ...server, '--audit-wait', '0.2'])
        expect(tooShort.code).toBe(0)
        expect(auditIssues(parseJsonReport(tooShort.stdout).packages[0])).toEqual([
          expect.objectContaining({ rule: 'server.audit-pending', severity: 'warning' }),
        ])
      } finally {
        await audited.t.cleanup()
        fs.rmSync(path.join(dir, 'misbehaving.zip'))
      }
    },
    // 82 s measured (a product with Chromium auditing, three checks) beside the integration tier
    // under a load average of 30 on 2 cores; budget 200 s.
    200_000,
  )
})

it.each([
  [['x.zip', '--server', 'http://127.0.0.1:1'], /--server needs --token \(or ADS_PREVIEW_TOKEN\)/],
  [['x.zip', '--token', 'abc'], /--token, --policy, --upload-passing and --audit-wait go with --server/],
  [['x.zip', '--server', 'ftp://example.com', '--token', 'abc'], /--server must be an http\(s\) address/],
  [
    ['x.zip', '--server', 'http://127.0.0.1:1', '--token', 'abc', '--policy', 'all'],
    /--policy must be one of none, keep, overwrite/,
  ],
])('%j is a usage error', async (args, message) => {
  const { code, stderr } = await check(args)
  expect(code).toBe(2)
  expect(stderr).toMatch(message)
})
