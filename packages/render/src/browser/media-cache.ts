import type { Slide } from '@storyreel/core'
import { zoomRange } from '../engine/media-size'
import type { Media } from '../engine/types'

/** Loads one slide's media for a frame of this size (as loadMedia does). */
export type LoadMedia = (url: string, slide: Slide, width: number, height: number) => Promise<Media>

/** Pictures kept decoded and scaled; older ones are let go (a clip stays: it is an element). */
export const MEDIA_CACHE_SIZE = 24

function isClip(filename: string): boolean {
  return /\.mp4$/i.test(filename)
}

/**
 * Media for the preview, loaded once per file and size: a picture scaled to what the frame
 * needs (its framing and zoom range on a frame of this size), a clip as one <video> per file. Failed
 * loads are forgotten, so the next call tries again.
 */
export class MediaCache {
  private readonly entries = new Map<string, Promise<Media>>()
  /** What has finished loading, for a frame drawn now. */
  private readonly ready = new Map<string, Media>()
  /** Each file's latest media to finish loading, whatever its size. */
  private readonly latest = new Map<string, Media>()

  constructor(
    private readonly load: LoadMedia,
    private readonly limit = MEDIA_CACHE_SIZE,
  ) {}

  /** The cache key: a clip by file; a picture by file, frame size, framing and zoom range. */
  static key(slide: Slide, width: number, height: number): string {
    if (isClip(slide.filename)) return slide.filename
    const { min, max } = zoomRange(slide)
    const framing = slide.framing ?? 'cover'
    return `${slide.filename} ${width}x${height} ${framing} ${min.toFixed(4)}-${max.toFixed(4)}`
  }

  get(url: string, slide: Slide, width: number, height: number): Promise<Media> {
    const key = MediaCache.key(slide, width, height)
    let entry = this.entries.get(key)
    if (entry) {
      // Most recently used last, so the oldest go first.
      this.entries.delete(key)
      this.entries.set(key, entry)
      return entry
    }
    const loading = this.load(url, slide, width, height)
    entry = loading
    loading.then(
      (media) => {
        if (this.entries.get(key) !== loading) return
        this.ready.set(key, media)
        this.latest.set(slide.filename, media)
      },
      () => {
        if (this.entries.get(key) === loading) this.entries.delete(key)
      },
    )
    this.entries.set(key, entry)
    this.evict()
    return entry
  }

  /**
   * The slide's media if it has finished loading (get() started it), for drawing a frame now;
   * while a new size loads (a zoom slider moved), the file's latest media at another size, so
   * the frame does not go black in between.
   */
  peek(slide: Slide, width: number, height: number): Media | null {
    return (
      this.ready.get(MediaCache.key(slide, width, height)) ??
      this.latest.get(slide.filename) ??
      null
    )
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limit) return
      if (isClip(key)) continue
      this.entries.delete(key)
      const media = this.ready.get(key)
      this.ready.delete(key)
      for (const [file, m] of this.latest) if (m === media) this.latest.delete(file)
      void entry.then(release, () => {})
    }
  }

  /** Lets every picture go and stops every clip. */
  clear(): void {
    for (const entry of this.entries.values()) void entry.then(release, () => {})
    this.entries.clear()
    this.ready.clear()
    this.latest.clear()
  }
}

function release(media: Media): void {
  const { source } = media
  if (typeof ImageBitmap !== 'undefined' && source instanceof ImageBitmap) source.close()
  else if (typeof HTMLVideoElement !== 'undefined' && source instanceof HTMLVideoElement) {
    source.pause()
    source.removeAttribute('src')
    source.load()
  }
}
