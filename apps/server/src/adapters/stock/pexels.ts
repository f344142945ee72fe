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

const PhotoSchema = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  photographer: z.string(),
  photographer_url: z.string(),
  src: z.object({
    original: z.string(),
    large2x: z.string(),
    large: z.string(),
    medium: z.string(),
    small: z.string(),
  }),
})
type Photo = z.infer<typeof PhotoSchema>

const VideoSchema = z.object({
  id: z.number(),
  url: z.string(),
  image: z.string(),
  duration: z.number(),
  user: z.object({ name: z.string(), url: z.string() }),
  video_files: z.array(
    z.object({
      file_type: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      link: z.string(),
    }),
  ),
})
type Video = z.infer<typeof VideoSchema>

const PhotosSchema = z.object({ photos: z.array(PhotoSchema) })
const VideosSchema = z.object({ videos: z.array(VideoSchema) })

/**
 * The sizes of Pexels' uncropped renditions: `large` and `large2x` fit 940x650 (at 1x and 2x),
 * `medium` is 350 high. The cropped ones (portrait, landscape, tiny) would cut the picture.
 */
function photoRenditions(p: Photo): Rendition[] {
  const box = (width: number, height: number) => fitInside(p.width, p.height, { width, height })
  return [
    { url: p.src.original, width: p.width, height: p.height },
    { url: p.src.large2x, ...box(1880, 1300) },
    { url: p.src.large, ...box(940, 650) },
    { url: p.src.medium, ...box(Infinity, 350) },
  ]
}

export function pexelsPhotoFile(p: Photo, frame: Frame, fetchedAt: string): MediaFile {
  return {
    name: `pexels-${p.id}.jpg`,
    path: pickRendition(photoRenditions(p), frame)!.url,
    type: 'image',
    compressedUrl: p.src.medium,
    isExternalProvider: true,
    videoPath: null,
    lastModified: fetchedAt,
    author: p.photographer,
    authorUrl: p.photographer_url,
    sourceUrl: p.url,
  }
}

/** Null when no MP4 file of the clip fits our upload limits. */
export function pexelsVideoFile(v: Video, frame: Frame, fetchedAt: string): MediaFile | null {
  if (v.duration > UPLOAD_RULES.maxVideoSeconds) return null
  const files = v.video_files.flatMap((f) =>
    f.file_type === 'video/mp4' &&
    f.width &&
    f.height &&
    Math.max(f.width, f.height) <= UPLOAD_RULES.maxVideoSide
      ? [{ url: f.link, width: f.width, height: f.height }]
      : [],
  )
  const file = pickRendition(files, frame)
  if (!file) return null
  return {
    name: `pexels-video-${v.id}.mp4`,
    path: file.url,
    type: 'video',
    compressedUrl: v.image,
    isExternalProvider: true,
    videoPath: file.url,
    lastModified: fetchedAt,
    author: v.user.name,
    authorUrl: v.user.url,
    sourceUrl: v.url,
  }
}

type Config = { apiUrl: string; key: string }

function searchParams(q: StockQuery) {
  const params = new URLSearchParams({ page: String(q.page), per_page: String(q.perPage) })
  if (q.query) {
    params.set('query', q.query)
    params.set('orientation', frameOrientation({ width: q.width, height: q.height }))
  }
  return params
}

/** Pexels photos: /v1/search for a query, the curated photos without one. */
export function pexelsPhotos(config: Config): StockSource {
  return async (q, signal) => {
    const path = q.query ? 'v1/search' : 'v1/curated'
    const url = new URL(`${config.apiUrl}/${path}?${searchParams(q)}`)
    const { photos } = await getJson(url, { authorization: config.key }, PhotosSchema, signal)
    const fetchedAt = new Date().toISOString()
    return photos.map((p) => pexelsPhotoFile(p, { width: q.width, height: q.height }, fetchedAt))
  }
}

/** Pexels videos: /videos/search for a query, the popular videos without one. */
export function pexelsVideos(config: Config): StockSource {
  return async (q, signal) => {
    const path = q.query ? 'videos/search' : 'videos/popular'
    const url = new URL(`${config.apiUrl}/${path}?${searchParams(q)}`)
    const { videos } = await getJson(url, { authorization: config.key }, VideosSchema, signal)
    const fetchedAt = new Date().toISOString()
    const frame = { width: q.width, height: q.height }
    return videos.flatMap((v) => pexelsVideoFile(v, frame, fetchedAt) ?? [])
  }
}
