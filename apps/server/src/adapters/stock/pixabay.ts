import { z } from 'zod'
import { UPLOAD_RULES, type MediaFile } from '@storyreel/core'
import { getJson } from './get-json'
import {
  fitInside,
  frameOrientation,
  pickRendition,
  type Frame,
  type Rendition,
} from './renditions'
import type { StockQuery, StockSource } from './stock'

const ImageSchema = z.object({
  id: z.number(),
  pageURL: z.string(),
  webformatURL: z.string(),
  webformatWidth: z.number(),
  webformatHeight: z.number(),
  largeImageURL: z.string(),
  /** Only with full API access. */
  fullHDURL: z.string().optional(),
  imageURL: z.string().optional(),
  imageWidth: z.number(),
  imageHeight: z.number(),
  user: z.string(),
  user_id: z.number(),
})
type Image = z.infer<typeof ImageSchema>

const VideoFileSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  thumbnail: z.string().optional(),
})

const VideoSchema = z.object({
  id: z.number(),
  pageURL: z.string(),
  duration: z.number(),
  videos: z.record(z.string(), VideoFileSchema),
  user: z.string(),
  user_id: z.number(),
})
type Video = z.infer<typeof VideoSchema>

const ImagesSchema = z.object({ hits: z.array(ImageSchema) })
const VideosSchema = z.object({ hits: z.array(VideoSchema) })

/** Pixabay answers at most 500 hits a query, 3 to 200 a page. */
const MAX_HITS = 500
const MIN_PER_PAGE = 3

const userPage = (user: string, id: number) =>
  `https://pixabay.com/users/${encodeURIComponent(user)}-${id}/`

/** webformat is 640 at most; largeImage 1280; fullHD 1920; image the original. */
function imageRenditions(h: Image): Rendition[] {
  const box = (side: number) =>
    fitInside(h.imageWidth, h.imageHeight, { width: side, height: side })
  return [
    { url: h.webformatURL, width: h.webformatWidth, height: h.webformatHeight },
    { url: h.largeImageURL, ...box(1280) },
    ...(h.fullHDURL ? [{ url: h.fullHDURL, ...box(1920) }] : []),
    ...(h.imageURL ? [{ url: h.imageURL, width: h.imageWidth, height: h.imageHeight }] : []),
  ]
}

export function pixabayImageFile(h: Image, frame: Frame, fetchedAt: string): MediaFile {
  return {
    name: `pixabay-${h.id}.jpg`,
    path: pickRendition(imageRenditions(h), frame)!.url,
    type: 'image',
    // Pixabay documents _180, _340 and _960 in place of webformat's _640.
    compressedUrl: h.webformatURL.replace(/_640(\.\w+)$/, '_340$1'),
    isExternalProvider: true,
    videoPath: null,
    lastModified: fetchedAt,
    author: h.user,
    authorUrl: userPage(h.user, h.user_id),
    sourceUrl: h.pageURL,
  }
}

/** Null when no file of the clip fits our upload limits. */
export function pixabayVideoFile(v: Video, frame: Frame, fetchedAt: string): MediaFile | null {
  if (v.duration > UPLOAD_RULES.maxVideoSeconds) return null
  const files = Object.values(v.videos).filter(
    (f) =>
      f.size <= UPLOAD_RULES.maxBytes && Math.max(f.width, f.height) <= UPLOAD_RULES.maxVideoSide,
  )
  const file = pickRendition(files, frame)
  if (!file) return null
  const smallest = pickRendition(files, { width: 1, height: 1 })
  return {
    name: `pixabay-video-${v.id}.mp4`,
    path: file.url,
    type: 'video',
    compressedUrl: smallest?.thumbnail ?? file.thumbnail ?? null,
    isExternalProvider: true,
    videoPath: file.url,
    lastModified: fetchedAt,
    author: v.user,
    authorUrl: userPage(v.user, v.user_id),
    sourceUrl: v.pageURL,
  }
}

type Config = { apiUrl: string; key: string }

/**
 * The query Pixabay takes (the key is a parameter, not a header). Below 3 a page is asked for 3
 * and cut, so tiny pages are offset from the rest; the app asks 21.
 */
function searchParams(config: Config, q: StockQuery) {
  return new URLSearchParams({
    key: config.key,
    q: q.query,
    page: String(q.page),
    per_page: String(Math.max(MIN_PER_PAGE, q.perPage)),
    safesearch: 'true',
  })
}

const ORIENTATION = { landscape: 'horizontal', portrait: 'vertical', square: 'all' } as const

const pastTheEnd = (q: StockQuery) => (q.page - 1) * q.perPage >= MAX_HITS

/** Pixabay photos (image_type=photo); without a query, the popular ones. */
export function pixabayImages(config: Config): StockSource {
  return async (q, signal) => {
    if (pastTheEnd(q)) return []
    const frame = { width: q.width, height: q.height }
    const params = searchParams(config, q)
    params.set('image_type', 'photo')
    params.set('orientation', ORIENTATION[frameOrientation(frame)])
    const url = new URL(`${config.apiUrl}/?${params}`)
    const { hits } = await getJson(url, {}, ImagesSchema, signal)
    const fetchedAt = new Date().toISOString()
    return hits.slice(0, q.perPage).map((h) => pixabayImageFile(h, frame, fetchedAt))
  }
}

/** Pixabay videos (no orientation filter there); without a query, the popular ones. */
export function pixabayVideos(config: Config): StockSource {
  return async (q, signal) => {
    if (pastTheEnd(q)) return []
    const url = new URL(`${config.apiUrl}/videos/?${searchParams(config, q)}`)
    const { hits } = await getJson(url, {}, VideosSchema, signal)
    const fetchedAt = new Date().toISOString()
    const frame = { width: q.width, height: q.height }
    return hits.slice(0, q.perPage).flatMap((v) => pixabayVideoFile(v, frame, fetchedAt) ?? [])
  }
}
