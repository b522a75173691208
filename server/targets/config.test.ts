import { describe, expect, it } from 'vitest'
import { DEFAULT_TARGET_IDS } from '../../shared/targets/profiles/index.ts'
import { createTestApp } from '../../tests/helpers/test-app.ts'
import { parseConfig } from '../config/parse-config.ts'

describe('DEFAULT_TARGETS', () => {
  it('defaults to the targets an MRAID creative can pass', () => {
    expect(parseConfig({}).targets).toEqual({ defaultTargets: DEFAULT_TARGET_IDS })
  })

  it('takes a comma-separated list of target ids', () => {
    const config = parseConfig({ DEFAULT_TARGETS: ' meta, tiktok-pangle ' })
    expect(config.targets).toEqual({ defaultTargets: ['meta', 'tiktok-pangle'] })
  })

  it('refuses an id no profile has, naming it and the known ones', () => {
    expect(() => parseConfig({ DEFAULT_TARGETS: 'unity,myspace' })).toThrow(
      /DEFAULT_TARGETS: unknown target myspace; known: iab-html5, chrome-heavy-ad/,
    )
    expect(() => parseConfig({ DEFAULT_TARGETS: ' , ' })).toThrow(/DEFAULT_TARGETS: no target/)
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
