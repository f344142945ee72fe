import { transitionAt, type Slide } from '@storyreel/core'
import type { Media, PreviewSize } from '@storyreel/render/browser'
import { useEffect, useState } from 'react'
import { previewMedia, previewMediaKey } from './preview-media'
import { useRedrawOnSeeked } from './use-frame-draw'

/** The neighbour's media once loaded, under the key it was loaded for. */
type Loaded = { key: string; media: Media } | null

function useNeighbour(slide: Slide | undefined, size: PreviewSize, requestDraw: () => void) {
  const [loaded, setLoaded] = useState<Loaded>(null)
  const key = slide ? previewMediaKey(slide, size.width, size.height) : ''
  useEffect(() => {
    if (!slide) return
    let stop = false
    previewMedia(slide, size.width, size.height).then(
      (media) => !stop && setLoaded({ key, media }),
      // Its failure shows on its own slide; here it stays black through the transition.
      () => {},
    )
    return () => {
      stop = true
    }
    // The key names everything the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  const media = loaded?.key === key ? loaded.media : null
  useEffect(() => {
    if (media) requestDraw()
  }, [media, requestDraw])
  useRedrawOnSeeked(media, requestDraw)
}

/**
 * The slides the shown slide's transitions draw with it (the one before, when it does not cut
 * into this one, and the one after), loaded for the preview; each one's arrival, and each seek of
 * its clip, redraws the frame.
 */
export function useTransitionMedia(
  slides: readonly Slide[],
  slideIndex: number,
  size: PreviewSize,
  requestDraw: () => void,
) {
  useNeighbour(
    transitionAt(slides, slideIndex - 1) ? slides[slideIndex - 1] : undefined,
    size,
    requestDraw,
  )
  useNeighbour(
    transitionAt(slides, slideIndex) ? slides[slideIndex + 1] : undefined,
    size,
    requestDraw,
  )
}
