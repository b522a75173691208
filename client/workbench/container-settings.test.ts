import { describe, expect, it } from 'vitest'
import { declaredPreset, initialSettings, sizePresets, withProfile } from './container-settings.ts'

describe('where the workbench starts', () => {
  it('opens a declared banner inline and a declared full-screen size as an interstitial', () => {
    expect(declaredPreset({ width: 320, height: 50 }).placement).toBe('inline')
    expect(declaredPreset({ width: 300, height: 250 }).placement).toBe('inline')
    expect(declaredPreset({ width: 728, height: 90 }).placement).toBe('inline')
    expect(declaredPreset({ width: 320, height: 480 }).placement).toBe('interstitial')
    expect(declaredPreset({ width: 768, height: 1024 }).placement).toBe('interstitial')
  })

  it('starts at the declared size, in landscape for a full-screen ad wider than tall', () => {
    expect(initialSettings(sizePresets({ width: 320, height: 480 }))).toMatchObject({
      presetId: '320x480 (ad.size)',
      placement: 'interstitial',
      landscape: false,
    })
    expect(initialSettings(sizePresets({ width: 480, height: 320 }))).toMatchObject({
      placement: 'interstitial',
      landscape: true,
    })
    expect(initialSettings(sizePresets(undefined))).toMatchObject({ presetId: '320x50', placement: 'inline' })
  })

  it('makes the ad an interstitial under an SDK that shows full-screen ads only', () => {
    const banner = initialSettings(sizePresets({ width: 320, height: 50 }))
    expect(withProfile(banner, 'unity').placement).toBe('interstitial')
    expect(withProfile(banner, 'gma').placement).toBe('inline')
  })
})
