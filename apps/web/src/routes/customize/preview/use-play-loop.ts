import { UI_TEXT } from '@storyreel/core'
import {
  advance,
  MAX_STEP_SECONDS,
  playFrom,
  type Playhead,
  type PlayMode,
} from '@storyreel/render/browser'
import { useEffect, type RefObject } from 'react'
import { toast } from '../../../components/ui/toast'
import { logPlayedFrame } from './played-frames'
import { startSound, type PlayingSound } from './preview-sound'
import type { LiveFrame } from './use-frame-draw'
import { previewMedia } from './preview-media'

export interface PlayLoopOptions {
  /** What plays; null: paused, no loop. */
  mode: PlayMode | null
  /** The loop waits for the fonts. */
  ready: boolean
  /** Changes when the playhead is moved while playing: the play starts again from there. */
  restart: number
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
 * While sound plays, its clock is the picture's: the frame shows the moment being heard, so the
 * picture waits for the speakers rather than racing them; without sound, the page's clock.
 */
export function usePlayLoop(options: PlayLoopOptions) {
  const { mode, ready, restart, head, live, draw, setTime, setMode } = options
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
    const from = head.current
    moveTo(from.slideIndex)

    let sound: PlayingSound | null = null
    let stopped = false
    let frame = 0
    let last = 0
    const tick = (now: number) => {
      const step = sound
        ? advance(from, sound.elapsedAt(now), durations(), mode)
        : advance(
            head.current,
            Math.min(MAX_STEP_SECONDS, Math.max(0, now - last) / 1000),
            durations(),
            mode,
          )
      last = now
      const moved = step.slideIndex !== head.current.slideIndex
      head.current = { slideIndex: step.slideIndex, t: step.t }
      if (moved) moveTo(step.slideIndex)
      draw()
      logPlayedFrame(now, step)
      setTime(step.t)
      if (step.ended) setMode(null)
      else frame = requestAnimationFrame(tick)
    }
    void startSound(live.current.shown, from, mode)
      .catch(() => ({ sound: null, failed: true }))
      .then((start) => {
        if (stopped) return start.sound?.stop()
        // Missing audio never stops the picture: it plays on, and says so once.
        if (start.failed) toast.error(UI_TEXT.failedPlayAudio)
        sound = start.sound
        last = performance.now()
        frame = requestAnimationFrame(tick)
      })
    return () => {
      stopped = true
      sound?.stop()
      cancelAnimationFrame(frame)
    }
  }, [mode, ready, restart, head, live, draw, setTime, setMode])
}
