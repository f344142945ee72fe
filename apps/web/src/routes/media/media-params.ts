import { DEFAULT_MEDIA_QUERY_SIZE, MAX_MOVIE_SIDE, RATIOS } from '@storyreel/core'
import type { Ratio, StockProvider } from '@storyreel/core'

/** The source tabs of /media, in the order shown (SPEC section 2). */
export const MEDIA_TABS = ['LOCAL', 'UNSPLASH', 'PEXELS', 'PIXABAY', 'VIDEO'] as const
export type MediaTab = (typeof MEDIA_TABS)[number]

/** The tab shown when the URL names none, or names one that does not exist (SPEC section 2). */
export const DEFAULT_TAB: MediaTab = 'LOCAL'

export interface MediaParams {
  tab: MediaTab
  /** The URL named a provider that is no tab: the page says so and shows DEFAULT_TAB. */
  invalidProvider: boolean
  /** The stock search, trimmed; empty shows the provider's curated or popular items. */
  query: string
  /** The frame the stock results should fill, sent to the providers as w and h. */
  width: number
  height: number
  /** 'customize': the editor's 'Add more media' opened the page, and gets the selection. */
  source: 'customize' | null
}

function isTab(value: string): value is MediaTab {
  return (MEDIA_TABS as readonly string[]).includes(value)
}

/** A side given in the URL, when it is one a movie can have. */
function side(value: string | null): number | null {
  if (value === null || !/^\d{1,4}$/.test(value)) return null
  const n = Number(value)
  return n >= 1 && n <= MAX_MOVIE_SIDE ? n : null
}

/**
 * Reads the page's query params: provider (any case, so a hand-typed `unsplash` works), query, w
 * and h (both, else the chosen ratio's frame, else SPEC section 9's default), and source.
 */
export function parseMediaParams(params: URLSearchParams, ratio: Ratio | null): MediaParams {
  const provider = params.get('provider')?.trim().toUpperCase() ?? ''
  const known = provider === '' || isTab(provider)
  const w = side(params.get('w'))
  const h = side(params.get('h'))
  const frame = ratio ? RATIOS[ratio] : DEFAULT_MEDIA_QUERY_SIZE
  return {
    tab: provider !== '' && isTab(provider) ? provider : DEFAULT_TAB,
    invalidProvider: !known,
    query: params.get('query')?.trim() ?? '',
    width: w !== null && h !== null ? w : frame.width,
    height: w !== null && h !== null ? h : frame.height,
    source: params.get('source') === 'customize' ? 'customize' : null,
  }
}

/** The provider path segment of a stock tab; null for the user's own uploads. */
export function stockProviderOf(tab: MediaTab): StockProvider | null {
  return tab === 'LOCAL' ? null : (tab.toLowerCase() as StockProvider)
}

/** The page's params with some changed; an empty value removes its param. */
export function withParams(
  params: URLSearchParams,
  changes: Partial<Record<'provider' | 'query', string>>,
): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}
