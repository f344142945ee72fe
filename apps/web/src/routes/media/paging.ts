import { MEDIA_PAGE_SIZE, STOCK_LIMITS } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'

/**
 * The page after `pageCount` loaded pages: there are more while a full page comes back (SPEC
 * section 9), up to the last page the server serves.
 */
export function nextPage(
  lastPage: readonly unknown[],
  pageCount: number,
  pageSize: number = MEDIA_PAGE_SIZE,
): number | undefined {
  if (lastPage.length < pageSize || pageCount >= STOCK_LIMITS.maxPage) return undefined
  return pageCount + 1
}

/**
 * The loaded pages as one list. A provider's curated list can shift while the user scrolls, so
 * an item may come again on a later page: it is shown once, where it first came.
 */
export function flattenPages(pages: readonly (readonly MediaFile[])[]): MediaFile[] {
  const seen = new Set<string>()
  const items: MediaFile[] = []
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.name)) continue
      seen.add(item.name)
      items.push(item)
    }
  }
  return items
}
