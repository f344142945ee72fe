import type { MediaFile } from '@storyreel/core'

/** The providers' names as their guidelines write them, by the prefix of a stock item's name. */
const SITES: Record<string, string> = { unsplash: 'Unsplash', pexels: 'Pexels', pixabay: 'Pixabay' }

export interface Credit {
  kind: 'Photo' | 'Video'
  author: string
  authorUrl: string | null
  site: string
  siteUrl: string | null
}

/**
 * 'Photo by X on Unsplash', with links to the author and the item's page: Unsplash and Pexels
 * ask apps to credit both. Null for the user's own files and items without an author.
 */
export function creditOf(file: MediaFile): Credit | null {
  if (!file.isExternalProvider || !file.author) return null
  const site = SITES[file.name.split('-')[0] ?? '']
  if (!site) return null
  return {
    kind: file.type === 'video' ? 'Video' : 'Photo',
    author: file.author,
    authorUrl: file.authorUrl ?? null,
    site,
    siteUrl: file.sourceUrl ?? null,
  }
}

/** A tile's accessible name: what it is, and who made it or its place in the grid. */
export function tileLabel(file: MediaFile, index: number): string {
  const credit = creditOf(file)
  if (credit) return `${credit.kind} by ${credit.author}`
  return `${file.type === 'video' ? 'Clip' : 'Picture'} ${index + 1}`
}
