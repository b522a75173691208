import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TARGET_IDS } from '../../../shared/targets/profiles/index.ts'
import type { TargetMatrix } from '../../../shared/targets/types.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { parseConfig } from '../../parse-config.ts'
import { findChromium } from '../../platform/renderer/chromium.ts'
import { MAX_AUDIT_CONCURRENCY } from './config.ts'

describe('DEFAULT_TARGETS', () => {
  it('defaults to the targets an MRAID creative can pass', () => {
    expect(parseConfig({}).targets).toMatchObject({
      defaultTargets: DEFAULT_TARGET_IDS,
      auditWindowMs: 30_000,
    })
  })

  it('takes a comma-separated list of target ids', () => {
    const config = parseConfig({ DEFAULT_TARGETS: ' meta, tiktok-pangle ' })
    expect(config.targets.defaultTargets).toEqual(['meta', 'tiktok-pangle'])
  })

  it('refuses an id no profile has, naming it and the known ones', () => {
    expect(() => parseConfig({ DEFAULT_TARGETS: 'unity,myspace' })).toThrow(
      /DEFAULT_TARGETS=unity,myspace: unknown target myspace; known: iab-html5, chrome-heavy-ad/,
    )
    expect(() => parseConfig({ DEFAULT_TARGETS: ' , ' })).toThrow(/DEFAULT_TARGETS=" , ": no target/)
  })
})

describe('the browser learns the chosen targets', () => {
  it('from /client-config.json, so its inspection judges the same targets as the badge', async () => {
    const t = await createTestApp({ DEFAULT_TARGETS: 'meta,unity' })
    try {
      const response = await t.app.request('/ads-preview/client-config.json')
      expect(((await response.json()) as { defaultTargets: string[] }).defaultTargets).toEqual([
        'meta',
        'unity',
      ])
    } finally {
      await t.cleanup()
    }
  })
})

describe('AUDIT_SECONDS', () => {
  const chromiumPath = findChromium(process.env.CHROMIUM_PATH)

  it('is 30 s by default, at most 40 (the shared browser closes after a minute without a page)', () => {
    expect(parseConfig({ AUDIT_SECONDS: '40' }).targets.auditWindowMs).toBe(40_000)
    expect(() => parseConfig({ AUDIT_SECONDS: '41' })).toThrow(/AUDIT_SECONDS/)
  })

  async function queuedAfterCreate(env: Record<string, string>) {
    const t = await createTestApp({ CHROMIUM_PATH: chromiumPath!, ...env })
    try {
      const { uuid } = await uploadPackage(t, 'audited.zip', validPackage())
      const response = await t.app.request(`/ads-preview/api/packages/${uuid}/targets`, { headers: t.auth })
      const { matrix } = (await response.json()) as { matrix: TargetMatrix }
      const { jobs } = t.db.tables
      const queued = await t.db.orm
        .select()
        .from(jobs)
        .where(eq(jobs.key, `audit:${uuid}`))
      return { audit: matrix.audit, queued: queued.length }
    } finally {
      await t.cleanup()
    }
  }

  it.skipIf(!chromiumPath)(
    'sets the window a created package is audited for; 0 queues no audit',
    async () => {
      expect(await queuedAfterCreate({ AUDIT_SECONDS: '5' })).toEqual({
        audit: { state: 'queued', windowMs: 5000 },
        queued: 1,
      })
      expect(await queuedAfterCreate({ AUDIT_SECONDS: '0' })).toEqual({ audit: { state: 'none' }, queued: 0 })
    },
    // Two products, one setting each, and a validation in each: 1.5 s measured alone, 5.2 s beside
    // the integration tier with `yes` running, load average 30 on 2 cores; budget 15 s.
    15_000,
  )
})

describe('AUDIT_CONCURRENCY', () => {
  // What it does to a running product: audit-job.proc.test.ts starts one with it set to 2.
  it(`is 2 by default, 1 to ${MAX_AUDIT_CONCURRENCY}`, () => {
    expect(parseConfig({}).targets.auditConcurrency).toBe(2)
    expect(parseConfig({ AUDIT_CONCURRENCY: '1' }).targets.auditConcurrency).toBe(1)
    expect(() => parseConfig({ AUDIT_CONCURRENCY: '0' })).toThrow(/AUDIT_CONCURRENCY/)
    expect(() => parseConfig({ AUDIT_CONCURRENCY: String(MAX_AUDIT_CONCURRENCY + 1) })).toThrow(
      /AUDIT_CONCURRENCY/,
    )
  })
})
