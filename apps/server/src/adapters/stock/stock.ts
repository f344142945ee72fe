import type { MediaFile, StockProvider } from '@storyreel/core'

/** One page of a search, as the sources are asked for it. */
export interface StockQuery {
  /** Empty: the provider's curated or popular items. */
  query: string
  page: number
  perPage: number
  /** The frame the item should fill: it picks the rendition and the orientation filter. */
  width: number
  height: number
}

/**
 * One provider's search of one kind (photos or videos), mapped to MediaFile: `path` is the
 * rendition closest to the frame, `compressedUrl` the provider's small preview, `lastModified`
 * the provider's date where it gives one (Unsplash), else the time of the search.
 */
export type StockSource = (q: StockQuery, signal: AbortSignal) => Promise<MediaFile[]>

/**
 * Stock photos and videos: search the providers, and fetch a chosen item's file. Without a
 * provider's key its tab answers msg_stock_not_configured: that is the embedded default.
 */
export interface Stock {
  /** Whether the tab has at least one source with a key. */
  configured(provider: StockProvider): boolean
  search(provider: StockProvider, q: StockQuery): Promise<MediaFile[]>
  /**
   * Streams a stock item's file into `file`, refusing any address but the providers' media
   * hosts (see safe-download.ts). Throws DownloadError.
   */
  download(url: string, file: string, maxBytes: number): Promise<void>
  /**
   * Tells the provider that a user took this item, where its terms ask for it (Unsplash's
   * download endpoint); best effort, it never fails the download.
   */
  reportTaken(name: string): Promise<void>
}
