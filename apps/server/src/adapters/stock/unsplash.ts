import { z } from 'zod'
import type { MediaFile } from '@storyreel/core'
import { getJson } from './get-json'
import { coverWidth, frameOrientation, type Frame } from './renditions'
import type { StockQuery, StockSource } from './stock'

const PhotoSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  created_at: z.string().nullish(),
  urls: z.object({ raw: z.string(), small: z.string() }),
  links: z.object({ html: z.string() }),
  user: z.object({ name: z.string(), links: z.object({ html: z.string() }) }),
})
type Photo = z.infer<typeof PhotoSchema>

const SearchSchema = z.object({ results: z.array(PhotoSchema) })
/** GET /photos (no query) answers a bare list. */
const ListSchema = z.array(PhotoSchema)

/** Unsplash's guidelines ask for this on every link back to Unsplash. */
const referral = (href: string) => {
  const url = new URL(href)
  url.searchParams.set('utm_source', 'storyreel')
  url.searchParams.set('utm_medium', 'referral')
  return url.href
}

/**
 * Unsplash resizes `raw` on request (imgix parameters), so the file is made for the frame: as
 * wide as covering it needs, never enlarged, as JPEG.
 */
function sizedUrl(photo: Photo, frame: Frame): string {
  const url = new URL(photo.urls.raw)
  url.searchParams.set('w', String(coverWidth(photo.width, photo.height, frame)))
  url.searchParams.set('fit', 'max')
  url.searchParams.set('fm', 'jpg')
  url.searchParams.set('q', '85')
  return url.href
}

export function unsplashMediaFile(photo: Photo, frame: Frame, fetchedAt: string): MediaFile {
  return {
    name: `unsplash-${photo.id}.jpg`,
    path: sizedUrl(photo, frame),
    type: 'image',
    compressedUrl: photo.urls.small,
    isExternalProvider: true,
    videoPath: null,
    lastModified: photo.created_at ?? fetchedAt,
    author: photo.user.name,
    authorUrl: referral(photo.user.links.html),
    sourceUrl: referral(photo.links.html),
  }
}

const ORIENTATION = { landscape: 'landscape', portrait: 'portrait', square: 'squarish' } as const

/** Unsplash photos: /search/photos for a query, the editorial list (/photos) without one. */
export function unsplashPhotos(config: { apiUrl: string; key: string }): StockSource {
  const headers = { authorization: `Client-ID ${config.key}`, 'accept-version': 'v1' }
  return async (q: StockQuery, signal: AbortSignal) => {
    const frame = { width: q.width, height: q.height }
    const params = new URLSearchParams({ page: String(q.page), per_page: String(q.perPage) })
    let photos: Photo[]
    if (q.query) {
      params.set('query', q.query)
      params.set('orientation', ORIENTATION[frameOrientation(frame)])
      const url = new URL(`${config.apiUrl}/search/photos?${params}`)
      photos = (await getJson(url, headers, SearchSchema, signal)).results
    } else {
      photos = await getJson(
        new URL(`${config.apiUrl}/photos?${params}`),
        headers,
        ListSchema,
        signal,
      )
    }
    const fetchedAt = new Date().toISOString()
    return photos.map((p) => unsplashMediaFile(p, frame, fetchedAt))
  }
}

const TrackedSchema = z.object({ url: z.string() })

/** The photo id in a search answer's item name (`unsplash-<id>.jpg`). */
export function unsplashPhotoId(name: string): string | null {
  return /^unsplash-([A-Za-z0-9_-]{1,64})\.jpg$/.exec(name)?.[1] ?? null
}

/**
 * Unsplash's API guidelines: taking a photo calls its download endpoint, which counts the
 * download for the photographer (it answers the file's URL, which we already have).
 */
export function unsplashReportTaken(config: { apiUrl: string; key: string }) {
  const headers = { authorization: `Client-ID ${config.key}`, 'accept-version': 'v1' }
  return async (photoId: string, signal: AbortSignal) => {
    const url = new URL(`${config.apiUrl}/photos/${encodeURIComponent(photoId)}/download`)
    await getJson(url, headers, TrackedSchema, signal)
  }
}
