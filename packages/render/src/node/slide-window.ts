import type { SlideMedia } from './media'

/** A slide a render (or a range of it) draws, and the first of its frames drawn there. */
export interface NeededSlide {
  k: number
  first: number
}

/**
 * The media of the slides a render draws, loaded in slide order and closed once drawn. A frame
 * needs one slide, or two during a transition; at most two are open (loaded or loading) at a
 * time, so the next slide loads while one draws alone, and only two are ever in memory.
 */
export function slideWindow(
  needed: readonly NeededSlide[],
  load: (slide: NeededSlide) => Promise<SlideMedia>,
) {
  const open = new Map<number, Promise<SlideMedia>>()
  let next = 0
  const start = () => {
    const slide = needed[next++]!
    const media = load(slide)
    // Awaited when its frames come; until then a failure must not count as unhandled.
    media.catch(() => {})
    open.set(slide.k, media)
  }
  const close = (k: number) => {
    open.get(k)?.then(
      (m) => m.close(),
      () => {},
    )
    open.delete(k)
  }
  return {
    /**
     * The media of slides `ks` (in order) for one frame, once loaded: the slides before them
     * are closed, and the slide after them starts loading when there is room.
     */
    async media(ks: readonly number[]): Promise<SlideMedia[]> {
      for (const k of [...open.keys()]) if (k < ks[0]!) close(k)
      const last = ks[ks.length - 1]!
      while (next < needed.length && needed[next]!.k <= last) start()
      while (next < needed.length && open.size < 2) start()
      return Promise.all(
        ks.map((k) => open.get(k) ?? Promise.reject(new Error(`slide ${k} is not drawn here`))),
      )
    },
    close(): void {
      for (const k of [...open.keys()]) close(k)
    },
  }
}
