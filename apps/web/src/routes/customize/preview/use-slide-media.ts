import type { Slide } from '@storyreel/core'
import type { Media, PreviewSize } from '@storyreel/render/browser'
import { useEffect, useState } from 'react'
import { loadedPreviewMedia, previewMedia, previewMediaKey } from './preview-media'

type MediaState =
  | { key: string; status: 'loading' }
  | { key: string; status: 'ready'; media: Media }
  | { key: string; status: 'failed' }

/**
 * The slide's picture or clip at preview size, from the cache or loaded; the frame shows black
 * until it comes. `standIn` is the file at its old size while a new size loads (a zoom slider
 * moved), which the frame shows meanwhile.
 */
export function useSlideMedia(slide: Slide | undefined, size: PreviewSize) {
  const [media, setMedia] = useState<MediaState | null>(null)
  const mediaKey = slide ? previewMediaKey(slide, size.width, size.height) : ''

  useEffect(() => {
    if (!slide) return
    let stop = false
    setMedia((m) => (m?.key === mediaKey ? m : { key: mediaKey, status: 'loading' }))
    previewMedia(slide, size.width, size.height).then(
      (m) => !stop && setMedia({ key: mediaKey, status: 'ready', media: m }),
      () => !stop && setMedia({ key: mediaKey, status: 'failed' }),
    )
    return () => {
      stop = true
    }
    // The key names everything the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mediaKey])

  const current = media?.key === mediaKey ? media : { key: mediaKey, status: 'loading' as const }
  return {
    status: current.status,
    media: current.status === 'ready' ? current.media : null,
    standIn: slide ? loadedPreviewMedia(slide, size.width, size.height) : null,
  }
}
