// The package list's query (for lists too long to show whole): search by name, sort, filters, a
// page size and a cursor. REST takes it as query parameters on the product spec's GET
// /api/packages, tRPC as the input of packages.list; without any of it the answer stays the spec's
// { packages: [...] } (every package, newest first). With it, the answer is one page: { packages,
// total, nextCursor }.
import { z } from 'zod/mini'
import { LIST_VERDICTS, MAX_PAGE_SIZE, PACKAGE_SORTS, SORT_ORDERS } from './package-list-choices.ts'
import { REVIEW_STATES } from './review-choices.ts'

export {
  DEFAULT_ORDER,
  DEFAULT_PAGE_SIZE,
  LIST_VERDICTS,
  type ListVerdict,
  MAX_PAGE_SIZE,
  NO_AD_SIZE,
  PACKAGE_SORTS,
  type PackageSort,
  SORT_ORDERS,
  type SortOrder,
} from './package-list-choices.ts'

// Query strings arrive as strings: the limit is read from either form.
const pageSize = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^\d+$/, 'limit must be a whole number'))]),
  z.transform(Number),
)

export const packageListQuerySchema = z.object({
  /** Part of the filename, any case. */
  search: z.optional(z.string().check(z.maxLength(255, 'search is longer than 255 characters'))),
  sort: z.optional(z.enum(PACKAGE_SORTS)),
  order: z.optional(z.enum(SORT_ORDERS)),
  /** 'WIDTHxHEIGHT' as packages show it (ad_size), or 'none'. */
  adSize: z.optional(
    z.string().check(z.regex(/^(\d{1,5}x\d{1,5}|none)$/, 'adSize must look like 300x250, or be none')),
  ),
  /**
   * The badge's verdict over the deployment's DEFAULT_TARGETS (fail: one fails; warn: none
   * fails, one warns; pass: none fails or warns), or over `target` alone when it is given.
   */
  verdict: z.optional(z.enum(LIST_VERDICTS)),
  /** A delivery target's id (GET /api/packages/{uuid}/targets lists them): `verdict` is its own. */
  target: z.optional(
    z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'target must be a delivery target id, like applovin')),
  ),
  /** The review state a package's version is in (shared/review.ts): awaiting, changes-requested, approved. */
  review: z.optional(z.enum(REVIEW_STATES)),
  limit: z.optional(
    z.pipe(
      pageSize,
      z
        .number()
        .check(
          z.int(),
          z.minimum(1, 'limit must be 1 or more'),
          z.maximum(MAX_PAGE_SIZE, `limit must be ${MAX_PAGE_SIZE} or less`),
        ),
    ),
  ),
  /** nextCursor of the previous page, as it was answered. */
  cursor: z.optional(z.string().check(z.maxLength(1024))),
})
export type PackageListQuery = z.input<typeof packageListQuerySchema>
export type ParsedPackageListQuery = z.output<typeof packageListQuerySchema>

/** Whether a caller asked for a page at all (else the spec's whole list answers). */
export function asksForPage(query: ParsedPackageListQuery | undefined): boolean {
  return query !== undefined && Object.values(query).some((value) => value !== undefined)
}
