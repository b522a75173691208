import { describe, expect, it } from 'vitest'
import type { Package } from '../../shared/api.ts'
import { awaitsThumbnail, type ListPages, withCreated, withoutPackage } from './list-cache.ts'

const pkg = (id: number, extra: Partial<Package> = {}) =>
  ({
    id,
    uuid: `u-${id}`,
    created_at: new Date(0).toISOString(),
    preview_url: { thumbnail: '', rendered: true },
    ...extra,
  }) as Package
const pages = (...lists: Package[][]): ListPages => ({
  pages: lists.map((packages, i) => ({ packages, total: 5, nextCursor: i < lists.length - 1 ? 'c' : null })),
  pageParams: lists.map((_, i) => (i === 0 ? null : 'c')),
})

describe('the cached list', () => {
  it('puts a created package first and counts it; a replaced one (same id) moves first, not counted twice', () => {
    const data = pages([pkg(1), pkg(2)], [pkg(3)])
    const added = withCreated(data, pkg(9))
    expect(added.pages.map((p) => p.packages.map((x) => x.id))).toEqual([[9, 1, 2], [3]])
    expect(added.pages[0]).toMatchObject({ total: 6 })
    const replaced = withCreated(data, pkg(3, { uuid: 'new' }))
    expect(replaced.pages.map((p) => p.packages.map((x) => x.uuid))).toEqual([['new', 'u-1', 'u-2'], []])
    expect(replaced.pages[0]).toMatchObject({ total: 5 })
  })

  it('removes a deleted package by uuid, from whichever page holds it', () => {
    const removed = withoutPackage(pages([pkg(1)], [pkg(2), pkg(3)]), 'u-2')
    expect(removed.pages.map((p) => p.packages.map((x) => x.id))).toEqual([[1], [3]])
    expect(removed.pages[1]).toMatchObject({ total: 4 })
  })

  it('waits for thumbnails of packages created in the last two minutes only', () => {
    const now = Date.parse('2026-01-01T12:00:00Z')
    const fresh = pkg(1, {
      created_at: new Date(now - 30_000).toISOString(),
      preview_url: { thumbnail: '', rendered: false },
    })
    const old = pkg(2, {
      created_at: new Date(now - 600_000).toISOString(),
      preview_url: { thumbnail: '', rendered: false },
    })
    expect(awaitsThumbnail(pages([fresh]), now)).toBe(true)
    expect(awaitsThumbnail(pages([old]), now)).toBe(false)
    expect(awaitsThumbnail(pages([pkg(3)]), now)).toBe(false)
  })
})
