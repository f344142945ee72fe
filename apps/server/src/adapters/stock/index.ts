import type { FastifyBaseLogger } from 'fastify'
import type { MediaFile, StockProvider } from '@storyreel/core'
import type { Env } from '../../env'
import { AppError } from '../../http/app-error'
import { ProviderError } from './get-json'
import { isDownloadable, PROVIDER_MEDIA_HOSTS, type MediaHostPolicy } from './media-hosts'
import { pexelsPhotos, pexelsVideos } from './pexels'
import { pixabayImages, pixabayVideos } from './pixabay'
import { guardedDownload, systemResolve } from './safe-download'
import { searchCache } from './search-cache'
import type { Stock, StockQuery, StockSource } from './stock'
import { unsplashPhotoId, unsplashPhotos, unsplashReportTaken } from './unsplash'

const SEARCH_TIMEOUT_MS = 10_000
const CACHE_MS = 5 * 60 * 1000
/** Pixabay's terms ask API users to cache requests for 24 hours. */
const PIXABAY_CACHE_MS = 24 * 60 * 60 * 1000
/** Pages of results kept: at 21 items of about 1 KB each, some 10 MB at most. */
const CACHE_ENTRIES = 500
const DOWNLOAD_TIMEOUT_MS = 60_000
const MAX_REDIRECTS = 3

interface NamedSource {
  name: string
  cacheMs: number
  search: StockSource
}

/** A provider's settings when its key is set. */
function config(apiUrl: string, key: string | undefined) {
  return key ? { apiUrl: apiUrl.replace(/\/+$/, ''), key } : null
}

const named = (name: string, cacheMs: number, search: StockSource) => ({ name, cacheMs, search })

/** The sources of each tab, those whose key is set; `video` merges Pexels' and Pixabay's. */
function tabSources(env: Env): Record<StockProvider, NamedSource[]> {
  const unsplash = config(env.UNSPLASH_API_URL, env.UNSPLASH_ACCESS_KEY)
  const pexels = config(env.PEXELS_API_URL, env.PEXELS_API_KEY)
  const pixabay = config(env.PIXABAY_API_URL, env.PIXABAY_API_KEY)
  return {
    unsplash: unsplash ? [named('unsplash', CACHE_MS, unsplashPhotos(unsplash))] : [],
    pexels: pexels ? [named('pexels', CACHE_MS, pexelsPhotos(pexels))] : [],
    pixabay: pixabay ? [named('pixabay', PIXABAY_CACHE_MS, pixabayImages(pixabay))] : [],
    video: [
      ...(pexels ? [named('pexels-videos', CACHE_MS, pexelsVideos(pexels))] : []),
      ...(pixabay ? [named('pixabay-videos', PIXABAY_CACHE_MS, pixabayVideos(pixabay))] : []),
    ],
  }
}

/** The media hosts of the providers that have a key: the only ones downloads may use. */
function configuredMediaHosts(env: Env): string[] {
  return [
    ...(env.UNSPLASH_ACCESS_KEY ? PROVIDER_MEDIA_HOSTS.unsplash : []),
    ...(env.PEXELS_API_KEY ? PROVIDER_MEDIA_HOSTS.pexels : []),
    ...(env.PIXABAY_API_KEY ? PROVIDER_MEDIA_HOSTS.pixabay : []),
  ]
}

/**
 * Where the /media page loads stock previews and clips from, for the Content-Security-Policy:
 * the configured providers' media hosts and the extra origins.
 */
export function stockMediaSources(env: Env): string[] {
  return [...configuredMediaHosts(env).map((h) => `https://${h}`), ...env.STOCK_MEDIA_EXTRA_ORIGINS]
}

/** Splits a page between sources: 21 over two is 11 and 10, so each source pages evenly. */
export function shares(perPage: number, sources: number): number[] {
  return Array.from(
    { length: sources },
    (_, i) => Math.floor(perPage / sources) + (i < perPage % sources ? 1 : 0),
  )
}

/** Takes from each list in turn: the video tab shows both providers side by side. */
export function interleave<T>(lists: T[][]): T[] {
  const out: T[] = []
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++) {
    for (const list of lists) if (i < list.length) out.push(list[i]!)
  }
  return out
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err
  // The provider's quota for our key is spent for now: like our own limit, try again later.
  if (err instanceof ProviderError && err.status === 429) {
    return new AppError('msg_too_many_requests')
  }
  return new AppError('msg_stock_unavailable')
}

/**
 * Opens stock search and download. Answers are cached per source and page for a few minutes
 * (shared by all users: they do not depend on who asks), which spares the providers' hourly
 * quotas; results whose file could not be downloaded are left out.
 */
export function openStock(env: Env, log: FastifyBaseLogger): Stock {
  const sources = tabSources(env)
  const unsplash = config(env.UNSPLASH_API_URL, env.UNSPLASH_ACCESS_KEY)
  const reportToUnsplash = unsplash && unsplashReportTaken(unsplash)
  const cache = searchCache<MediaFile[]>({ maxEntries: CACHE_ENTRIES })
  const policy: MediaHostPolicy = {
    hosts: new Set(configuredMediaHosts(env)),
    extraOrigins: new Set(env.STOCK_MEDIA_EXTRA_ORIGINS),
  }

  function searchSource(source: NamedSource, q: StockQuery) {
    const key = JSON.stringify([
      source.name,
      q.query.toLowerCase(),
      q.page,
      q.perPage,
      q.width,
      q.height,
    ])
    return cache.get(key, source.cacheMs, () =>
      source.search(q, AbortSignal.timeout(SEARCH_TIMEOUT_MS)).catch((err: unknown) => {
        log.warn({ err, source: source.name }, 'stock search failed')
        throw toAppError(err)
      }),
    )
  }

  return {
    configured: (provider) => sources[provider].length > 0,
    async search(provider, q) {
      const tab = sources[provider]
      if (tab.length === 0) throw new AppError('msg_stock_not_configured', { provider })
      const perSource = shares(q.perPage, tab.length)
      const answers = await Promise.allSettled(
        tab.map((source, i) => searchSource(source, { ...q, perPage: perSource[i]! })),
      )
      const found = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))
      // One video source down still shows the other's; all down is an error.
      if (found.length === 0) throw (answers[0] as PromiseRejectedResult).reason
      return interleave(found).filter(
        (item) =>
          isDownloadable(item.path, policy) &&
          (!item.videoPath || isDownloadable(item.videoPath, policy)),
      )
    },
    download: (url, file, maxBytes) =>
      guardedDownload(url, file, maxBytes, {
        policy,
        resolve: systemResolve,
        maxRedirects: MAX_REDIRECTS,
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
      }),
    async reportTaken(name) {
      const photoId = unsplashPhotoId(name)
      if (!photoId || !reportToUnsplash) return
      await reportToUnsplash(photoId, AbortSignal.timeout(SEARCH_TIMEOUT_MS)).catch(
        (err: unknown) => log.warn({ err, photoId }, 'unsplash download report failed'),
      )
    },
  }
}
