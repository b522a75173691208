// The CI example of docs/check.md, as written there: its script runs with `ads-preview` on PATH (the
// repository's bin entry, or the single executable under test in TEST_BINARY) against the real
// server with a real API token of scope write, on a folder of creatives where one fails. The job
// fails (exit 1), the JUnit file has every creative, and only the passing ones are on the server.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { playablePackage } from '../../tests/fixtures/check-packages.ts'
import { packageWithoutMraid } from '../../tests/fixtures/packages.ts'
import { listeningTestApp, makeApiToken } from '../../tests/helpers/api-token.ts'
import { parseJunit } from '../../tests/helpers/check-formats.ts'
import type { TestApp } from '../../tests/helpers/test-app.ts'

const REPO = path.resolve(import.meta.dirname, '../..')
const README = fs.readFileSync(path.join(REPO, 'docs/check.md'), 'utf8')

/** A fenced block of that page by the file it names (```sh file=...). */
function readmeFile(name: string): string {
  const match = new RegExp(`\`\`\`\\w+ file=${name.replaceAll('.', '\\.')}\\n([\\s\\S]*?)\\n\`\`\``).exec(
    README,
  )
  if (!match?.[1]) throw new Error(`docs/check.md has no block for ${name}`)
  return `${match[1]}\n`
}

let t: TestApp
let server: string
let dir: string
beforeAll(async () => {
  ;({ t, server } = await listeningTestApp())
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-ci-'))
  fs.mkdirSync(path.join(dir, 'creatives/playables'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'creatives/summer.zip'), playablePackage(1))
  fs.writeFileSync(path.join(dir, 'creatives/playables/winter.zip'), playablePackage(2))
  fs.writeFileSync(path.join(dir, 'creatives/no-mraid.zip'), packageWithoutMraid())
  fs.mkdirSync(path.join(dir, 'ci'))
  fs.writeFileSync(path.join(dir, 'ci/check-creatives.sh'), readmeFile('ci/check-creatives.sh'))
  // `ads-preview` as the job finds it on PATH.
  const command = process.env.TEST_BINARY
    ? `exec '${process.env.TEST_BINARY}' "$@"`
    : `exec '${process.execPath}' '${path.join(REPO, 'bin/ads-preview.mjs')}' "$@"`
  fs.mkdirSync(path.join(dir, 'bin'))
  fs.writeFileSync(path.join(dir, 'bin/ads-preview'), `#!/bin/sh\n${command}\n`, { mode: 0o755 })
})
afterAll(async () => {
  await t.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

function runScript(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['ci/check-creatives.sh'], {
      cwd: dir,
      env: { PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`, HOME: dir, ...env },
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

it('the CI example fails the job on the invalid creative, reports all three and uploads the two that pass', async () => {
  const workflow = readmeFile('.github/workflows/creatives.yml')
  expect(workflow).toContain('run: sh ci/check-creatives.sh')
  expect(workflow).toContain('report_paths: check-results.xml')
  expect(workflow).toMatch(/ADS_PREVIEW_TOKEN: \$\{\{ secrets\.ADS_PREVIEW_TOKEN \}\}/)

  const token = await makeApiToken(t, 'write', 'CI job')
  const { code, output } = await runScript({ ADS_PREVIEW_URL: server, ADS_PREVIEW_TOKEN: token })
  expect(code, output).toBe(1)
  const junit = parseJunit(fs.readFileSync(path.join(dir, 'check-results.xml'), 'utf8'))
  expect(junit).toMatchObject({ tests: 3, failures: 1, errors: 0 })
  const listed = (await (await t.app.request('/ads-preview/api/packages', { headers: t.auth })).json()) as {
    packages: { filename: string; uploaded_by: string }[]
  }
  expect(listed.packages.map((p) => p.filename).sort()).toEqual(['summer.zip', 'winter.zip'])
  expect(output).toMatch(/3 packages: 2 passed, 1 failed, 0 unreadable/)

  // A token that may only read ends the job with exit code 2, uploading nothing.
  const reader = await makeApiToken(t, 'read', 'CI reader')
  const refused = await runScript({ ADS_PREVIEW_URL: server, ADS_PREVIEW_TOKEN: reader })
  expect(refused.code, refused.output).toBe(2)
  expect(refused.output).toMatch(/the server refused the token \(403/)
  const after = (await (await t.app.request('/ads-preview/api/packages', { headers: t.auth })).json()) as {
    packages: unknown[]
  }
  expect(after.packages).toHaveLength(2)
  // 45 s measured (three runs of the script, each starting the CLI and its workers) beside the
  // integration tier under a load average of 30 on 2 cores; budget 120 s.
}, 120_000)
