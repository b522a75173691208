// What the list shows (search, sort, filters), kept in the address (/main?search=spring&sort=name)
// so a reload, the back button or a shared link shows the same list.
import { useSearchParams } from 'wouter'
import {
  DEFAULT_ORDER,
  PACKAGE_SORTS,
  type PackageSort,
  SORT_ORDERS,
  type SortOrder,
} from '../../shared/package-query.ts'

export interface ListView {
  search: string
  sort: PackageSort
  order: SortOrder
  adSize: string
}

const DEFAULT_VIEW: ListView = { search: '', sort: 'created', order: 'desc', adSize: '' }

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value)

export function readListView(params: URLSearchParams): ListView {
  const sort = oneOf(PACKAGE_SORTS, params.get('sort')) ?? DEFAULT_VIEW.sort
  return {
    search: params.get('search') ?? '',
    sort,
    order: oneOf(SORT_ORDERS, params.get('order')) ?? DEFAULT_ORDER[sort],
    adSize: params.get('adSize') ?? '',
  }
}

/** Only what differs from the default view goes into the address. */
export function writeListView(view: ListView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('search', view.search)
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort)
  if (view.order !== DEFAULT_ORDER[view.sort]) params.set('order', view.order)
  if (view.adSize) params.set('adSize', view.adSize)
  return params
}

export const isFiltered = (view: ListView) => view.search !== '' || view.adSize !== ''

export function useListView(): [ListView, (change: Partial<ListView>) => void] {
  const [params, setParams] = useSearchParams()
  const view = readListView(params)
  const update = (change: Partial<ListView>) =>
    setParams(writeListView({ ...readListView(params), ...change }), { replace: true })
  return [view, update]
}
