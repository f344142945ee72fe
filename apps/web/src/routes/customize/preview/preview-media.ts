import { uploadUrl, type Slide } from '@storyreel/core'
import { loadMedia, MediaCache, type Media } from '@storyreel/render/browser'
import { apiUrl } from '../../../config'

/** One cache for the app: a slide's picture loads once per preview size, a clip once. */
const cache = new MediaCache(loadMedia)

/** The slide's media, scaled for a width x height preview frame. */
export function previewMedia(slide: Slide, width: number, height: number): Promise<Media> {
  return cache.get(apiUrl(uploadUrl(slide.filename)), slide, width, height)
}

/** The slide's media for the preview if it has finished loading, else null. */
export function loadedPreviewMedia(slide: Slide, width: number, height: number): Media | null {
  return cache.peek(slide, width, height)
}

/** The key under which previewMedia caches the slide's media: a new one means a new load. */
export function previewMediaKey(slide: Slide, width: number, height: number): string {
  return MediaCache.key(slide, width, height)
}
