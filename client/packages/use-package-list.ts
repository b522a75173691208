// The list as the screen shows it: the pages the view asks for (list-view.ts), fetched from the
// server one page at a time, and kept fresh while a new package's thumbnail is rendered.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { Package } from '../../shared/api.ts'
import { DEFAULT_PAGE_SIZE } from '../../shared/package-list-choices.ts'
import { useTRPC } from '../api/trpc.ts'
import { asPage, awaitsThumbnail, type ListPages, withCreated, withoutPackage } from './list-cache.ts'
import type { ListView } from './list-view.ts'

/** How often the list asks again while a new package's thumbnail is being rendered. */
const THUMBNAIL_POLL_MS = 2000

export function usePackageList(view: ListView) {
  const trpc = useTRPC()
  const input = {
    sort: view.sort,
    order: view.order,
    limit: DEFAULT_PAGE_SIZE,
    ...(view.search ? { search: view.search } : {}),
    ...(view.adSize ? { adSize: view.adSize } : {}),
    ...(view.verdict ? { verdict: view.verdict, ...(view.target ? { target: view.target } : {}) } : {}),
    ...(view.review ? { review: view.review } : {}),
  }
  const list = useInfiniteQuery(
    trpc.packages.list.infiniteQueryOptions(input, {
      getNextPageParam: (last) => asPage(last).nextCursor,
      // A new search shows the last list until its answer is there, not a blank.
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        awaitsThumbnail(query.state.data as ListPages | undefined) ? THUMBNAIL_POLL_MS : false,
    }),
  )
  // After the first page: the rows come first, and the list's call is not batched with another.
  const adSizes = useQuery({ ...trpc.packages.adSizes.queryOptions(undefined), enabled: list.isSuccess })
  const pages = list.data?.pages.map(asPage) ?? []
  return {
    list,
    items: pages.flatMap((page) => page.packages),
    total: pages[0]?.total ?? 0,
    adSizes: adSizes.data ?? [],
  }
}

/** Changes every cached list at once (whatever its search, sort or filters). */
export function useListCache() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const change = useCallback(
    (update: (data: ListPages) => ListPages) => {
      queryClient.setQueriesData<ListPages>({ queryKey: trpc.packages.list.pathKey() }, (data) =>
        data && 'pages' in data ? update(data) : data,
      )
      void queryClient.invalidateQueries({ queryKey: trpc.packages.adSizes.pathKey() })
    },
    [queryClient, trpc],
  )
  return useMemo(
    () => ({
      created: (pkg: Package) => change((data) => withCreated(data, pkg)),
      removed: (uuid: string) => change((data) => withoutPackage(data, uuid)),
      /** Asks the server again (a restored package returns to its place in the order). */
      refresh: () => queryClient.invalidateQueries({ queryKey: trpc.packages.list.pathKey() }),
    }),
    [change, queryClient, trpc],
  )
}
