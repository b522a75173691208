// The package list's sorts, orders, page sizes and filter values, apart from the query's schema:
// the browser's list reads them on its first screen, where zod is not loaded.
export const PACKAGE_SORTS = ['created', 'name', 'size'] as const
export type PackageSort = (typeof PACKAGE_SORTS)[number]
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** The order each sort starts in: the newest, A to Z, the largest. */
export const DEFAULT_ORDER: Record<PackageSort, SortOrder> = { created: 'desc', name: 'asc', size: 'desc' }
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200
/** The ad-size filter's value for packages that declare no ad.size. */
export const NO_AD_SIZE = 'none'
/** The delivery-target verdicts the list filters by, as the badge gives them. */
export const LIST_VERDICTS = ['fail', 'warn', 'pass'] as const
export type ListVerdict = (typeof LIST_VERDICTS)[number]
