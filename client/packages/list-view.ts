// What the list shows (search, sort, filters), kept in the address (/main?search=spring&sort=name)
// so a reload, the back button or a shared link shows the same list.
import { useSearchParams } from 'wouter'
import {
  DEFAULT_ORDER,
  LIST_VERDICTS,
  type ListVerdict,
  PACKAGE_SORTS,
  type PackageSort,
  SORT_ORDERS,
  type SortOrder,
} from '../../shared/package-list-choices.ts'
import { REVIEW_STATES, type ReviewState } from '../../shared/review-choices.ts'
import { useKnownTargetIds } from './target-profiles.ts'

export interface ListView {
  search: string
  sort: PackageSort
  order: SortOrder
  adSize: string
  /** The badge's verdict ('' for any), over `target` when one is chosen. */
  verdict: ListVerdict | ''
  target: string
  /** The review state ('' for any). */
  review: ReviewState | ''
}

/** What "Show all packages" clears. */
export const NO_FILTERS = { search: '', adSize: '', verdict: '', target: '', review: '' } as const
const DEFAULT_VIEW: ListView = { sort: 'created', order: 'desc', ...NO_FILTERS }

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value)

/** The view the address asks for; a target not in `knownTargets` is left out (the server refuses it). */
export function readListView(params: URLSearchParams, knownTargets: readonly string[]): ListView {
  const sort = oneOf(PACKAGE_SORTS, params.get('sort')) ?? DEFAULT_VIEW.sort
  return {
    search: params.get('search') ?? '',
    sort,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? DEFAULT_ORDER[sort],
    adSize: params.get('adSize') ?? '',
    verdict: oneOf(LIST_VERDICTS, params.get('verdict')) ?? '',
    target: oneOf(knownTargets, params.get('target')) ?? '',
    review: oneOf(REVIEW_STATES, params.get('review')) ?? '',
  }
}

/** Only what differs from the default view goes into the address. */
export function writeListView(view: ListView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('search', view.search)
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort)
  if (view.order !== DEFAULT_ORDER[view.sort]) params.set('order', view.order)
  if (view.adSize) params.set('adSize', view.adSize)
  if (view.verdict) params.set('verdict', view.verdict)
  // A target narrows a verdict: without one it means nothing.
  if (view.verdict && view.target) params.set('target', view.target)
  if (view.review) params.set('review', view.review)
  return params
}

export const isFiltered = (view: ListView) =>
  view.search !== '' || view.adSize !== '' || view.verdict !== '' || view.review !== ''

export function useListView(): [ListView, (change: Partial<ListView>) => void] {
  const [params, setParams] = useSearchParams()
  const knownTargets = useKnownTargetIds(params.has('target'))
  const view = readListView(params, knownTargets)
  const update = (change: Partial<ListView>) =>
    setParams(writeListView({ ...readListView(params, knownTargets), ...change }), { replace: true })
  return [view, update]
}
