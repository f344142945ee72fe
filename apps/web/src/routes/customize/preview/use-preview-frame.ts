import type { Slide } from '@storyreel/core'
import { useEffect, useRef, type RefObject } from 'react'
import { useFrameDraw, useRedrawOnSeeked, type LiveFrame } from './use-frame-draw'
import { usePlayLoop } from './use-play-loop'
import type { PreviewPlayhead } from './use-playhead'
import { usePreviewFonts } from './use-preview-fonts'
import { useSlideMedia } from './use-slide-media'
import { useTransitionMedia } from './use-transition-media'

/**
 * The frame on the canvas, drawn once the fonts are in: one frame per change while paused, one
 * every animation frame while playing; the slides its transitions draw with it load beside it.
 * Gives the fonts' and the slide media's states, for the view to say what is loading or failed.
 */
export function usePreviewFrame(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  playhead: PreviewPlayhead,
  frame: LiveFrame,
  slide: Slide | undefined,
) {
  const { head, time, mode, restart, setTime, setMode } = playhead
  // The latest props for the frame loop, without restarting it.
  const live = useRef(frame)
  live.current = frame
  const { draw, requestDraw } = useFrameDraw(canvasRef, head, live)
  const fonts = usePreviewFonts()
  const media = useSlideMedia(slide, frame.size)
  useRedrawOnSeeked(media.media, requestDraw)
  useTransitionMedia(frame.shown.composition, frame.slideIndex, frame.size, requestDraw)

  const { shown, slideIndex, size } = frame
  // While playing, the play loop draws every frame: a second draw for each `time` it sets would
  // double the work of every frame.
  useEffect(() => {
    if (fonts === 'ready' && mode === null) requestDraw()
  }, [fonts, shown, slideIndex, media.media, time, mode, size, requestDraw])
  usePlayLoop({ mode, ready: fonts === 'ready', restart, head, live, draw, setTime, setMode })

  return { fonts, media }
}
