// The list's cached pages, changed where the screen knows better than its last fetch: a created
// package goes first (as the product spec has it: it replaces any entry with its id), a deleted one
// is removed by uuid. The next fetch brings the server's own order and count back.
import type { InfiniteData } from '@tanstack/react-query'
import type { Package, PackageList, PackagePage } from '../../shared/api.ts'

export type ListPages = InfiniteData<PackageList | PackagePage, unknown>

/** A page as the list reads it (the spec's whole list is one page holding everything). */
export function asPage(answer: PackageList | PackagePage): PackagePage {
  return 'total' in answer ? answer : { ...answer, total: answer.packages.length, nextCursor: null }
}

function mapPages(data: ListPages, change: (page: PackagePage, index: number) => PackagePage): ListPages {
  return { ...data, pages: data.pages.map((page, index) => change(asPage(page), index)) }
}

export function withCreated(data: ListPages, created: Package): ListPages {
  const known = data.pages.some((page) => page.packages.some((pkg) => pkg.id === created.id))
  return mapPages(data, (page, index) => {
    const others = page.packages.filter((pkg) => pkg.id !== created.id)
    return {
      ...page,
      packages: index === 0 ? [created, ...others] : others,
      total: known ? page.total : page.total + 1,
    }
  })
}

export function withoutPackage(data: ListPages, uuid: string): ListPages {
  const known = data.pages.some((page) => page.packages.some((pkg) => pkg.uuid === uuid))
  return mapPages(data, (page) => ({
    ...page,
    packages: page.packages.filter((pkg) => pkg.uuid !== uuid),
    total: known ? Math.max(0, page.total - 1) : page.total,
  }))
}

/** A just-created package whose thumbnail is still being rendered (worth asking again for). */
const THUMBNAIL_WAIT_MS = 2 * 60 * 1000
export function awaitsThumbnail(data: ListPages | undefined, now = Date.now()): boolean {
  return Boolean(
    data?.pages.some((page) =>
      page.packages.some(
        (pkg) => !pkg.preview_url.rendered && now - Date.parse(pkg.created_at) < THUMBNAIL_WAIT_MS,
      ),
    ),
  )
}
