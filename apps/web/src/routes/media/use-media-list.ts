import { MEDIA_PAGE_SIZE, mediaApi, messageText } from '@storyreel/core'
import type { MediaFile, StockProvider } from '@storyreel/core'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { ApiError, callApi } from '../../lib/api'
import { uploadsKey } from '../customize/media-picker'
import type { MediaTab } from './media-params'
import { stockProviderOf } from './media-params'
import { flattenPages, nextPage } from './paging'

/** The server has no key for this provider: a state of the tab, not a failure to retry. */
export function isNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'msg_stock_not_configured'
}

export interface MediaList {
  items: MediaFile[]
  status: 'pending' | 'error' | 'success'
  error: Error | null
  /** More pages wait on the server (stock tabs only: uploads come at once). */
  hasMore: boolean
  loadingMore: boolean
  /** Loading the next page failed; what is shown stays. */
  moreFailed: boolean
  loadMore: () => void
  retry: () => void
}

/**
 * Refuses, without asking the provider, a tab the server has no key for: a tab like that is a
 * setting of the server, not a failed request (no 503 in the console; issue 36).
 */
async function checkConfigured(queryClient: QueryClient, provider: StockProvider) {
  const sources = await queryClient.fetchQuery({
    queryKey: ['stock-sources'],
    queryFn: () => callApi(mediaApi.stockSources),
    staleTime: Infinity,
  })
  if (!sources[provider]) {
    const code = 'msg_stock_not_configured'
    throw new ApiError(messageText(code), 503, code)
  }
}

const stockKey = (provider: StockProvider | null, query: string, width: number, height: number) =>
  ['stock', provider, query, width, height] as const

/**
 * The items of one tab: the user's uploads all at once (SPEC section 9), or a stock provider's
 * search, 21 a page, another page while a full one comes back.
 */
export function useMediaList(
  tab: MediaTab,
  query: string,
  width: number,
  height: number,
): MediaList {
  const provider = stockProviderOf(tab)
  const uploads = useQuery({
    queryKey: uploadsKey,
    queryFn: () => callApi(mediaApi.listUploads, { query: { compressed: 'true' } }),
    enabled: provider === null,
  })
  const queryClient = useQueryClient()
  const stock = useInfiniteQuery({
    queryKey: stockKey(provider, query, width, height),
    queryFn: async ({ pageParam }) => {
      await checkConfigured(queryClient, provider!)
      return callApi(mediaApi.searchStock, {
        params: { provider: provider! },
        query: { query, page: pageParam, per_page: MEDIA_PAGE_SIZE, w: width, h: height },
      })
    },
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextPage(lastPage, pages.length),
    enabled: provider !== null,
    // The server caches searches for minutes: so can the page, across tab switches.
    staleTime: 5 * 60 * 1000,
    // Asking again will not configure the provider.
    retry: (count, error) => !isNotConfigured(error) && count < 1,
  })

  if (provider === null) {
    return {
      items: uploads.data ?? [],
      // A failed reload keeps what was shown.
      status: uploads.data ? 'success' : uploads.status,
      error: uploads.error,
      hasMore: false,
      loadingMore: false,
      moreFailed: false,
      loadMore: () => {},
      retry: () => void uploads.refetch(),
    }
  }
  return {
    items: stock.data ? flattenPages(stock.data.pages) : [],
    // A page that failed after the first leaves the query in error, with the others shown.
    status: stock.data ? 'success' : stock.status,
    error: stock.error,
    hasMore: stock.hasNextPage,
    loadingMore: stock.isFetchingNextPage,
    moreFailed: stock.isFetchNextPageError,
    loadMore: () => {
      if (stock.hasNextPage && !stock.isFetching) void stock.fetchNextPage()
    },
    retry: () => void (stock.isFetchNextPageError ? stock.fetchNextPage() : stock.refetch()),
  }
}
