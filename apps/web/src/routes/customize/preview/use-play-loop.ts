import {
  advance,
  MAX_STEP_SECONDS,
  playFrom,
  type Playhead,
  type PlayMode,
} from '@storyreel/render/browser'
import { useEffect, type RefObject } from 'react'
import type { LiveFrame } from './use-frame-draw'
import { previewMedia } from './preview-media'

export interface PlayLoopOptions {
  /** What plays; null: paused, no loop. */
  mode: PlayMode | null
  /** The loop waits for the fonts. */
  ready: boolean
  head: RefObject<Playhead>
  live: RefObject<LiveFrame>
  draw(): void
  /** State setters (stable, so the loop does not restart): the time shown, and the end. */
  setTime(t: number): void
  setMode(mode: null): void
}

/**
 * Playing: the clock advances and the frame is drawn every animation frame. Playing the whole
 * video moves the editor on from slide to slide, loading each slide's media a slide ahead.
 */
export function usePlayLoop({ mode, ready, head, live, draw, setTime, setMode }: PlayLoopOptions) {
  useEffect(() => {
    if (mode === null || !ready) return
    const durations = () => live.current.shown.composition.map((s) => s.duration)
    const moveTo = (index: number) => {
      const { shown, size } = live.current
      const next = shown.composition[index + 1]
      if (mode === 'video' && next) previewMedia(next, size.width, size.height).catch(() => {})
      if (index !== live.current.slideIndex) live.current.onSlideChange(index)
    }
    head.current = playFrom(head.current, durations(), mode)
    moveTo(head.current.slideIndex)
    let last = performance.now()
    let frame = 0
    const tick = (now: number) => {
      const dt = Math.min(MAX_STEP_SECONDS, Math.max(0, now - last) / 1000)
      last = now
      const step = advance(head.current, dt, durations(), mode)
      const moved = step.slideIndex !== head.current.slideIndex
      head.current = { slideIndex: step.slideIndex, t: step.t }
      if (moved) moveTo(step.slideIndex)
      draw()
      setTime(step.t)
      if (step.ended) setMode(null)
      else frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [mode, ready, head, live, draw, setTime, setMode])
}
