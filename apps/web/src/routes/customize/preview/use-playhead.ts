import type { Slide } from '@storyreel/core'
import { clampTime, posterTime, type Playhead, type PlayMode } from '@storyreel/render/browser'
import { useEffect, useRef, useState } from 'react'
import { unlockSound } from './preview-sound'

/**
 * The playhead: what the frame shows. Playing moves it on; the slider, the timeline and the
 * editor set it. `head` is what the frame loop reads, `time` its copy for rendering, and `mode`
 * what plays (null: paused). `onSlideChange` shows another slide in the editor.
 */
export function usePlayhead(
  slides: readonly Slide[],
  slideIndex: number,
  onSlideChange: (index: number) => void,
) {
  const slide = slides[slideIndex]
  const [time, setTime] = useState(() => posterTime(slides, slideIndex))
  const [mode, setMode] = useState<PlayMode | null>(null)
  // A move while playing counts up: the play (its sound with it) starts again from there.
  const [restart, setRestart] = useState(0)
  const head = useRef<Playhead>({ slideIndex, t: time })
  const duration = slide?.duration ?? 0

  // Another slide chosen in the editor (not played into): stop where it shows (posterTime).
  useEffect(() => {
    if (head.current.slideIndex === slideIndex) return
    const t = posterTime(slides, slideIndex)
    head.current = { slideIndex, t }
    setTime(t)
    setMode(null)
    // Only a change of slide moves the playhead; edits to the slide do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slideIndex])

  // A slide made shorter keeps the playhead inside it.
  useEffect(() => {
    if (head.current.slideIndex !== slideIndex || head.current.t <= duration) return
    head.current = { slideIndex, t: duration }
    setTime(duration)
  }, [slideIndex, duration])

  /** Moves to `t` seconds into slide `index`: the editor shows that slide, stopped there. */
  const seekTo = (index: number, t: number) => {
    const next = clampTime(t, slides[index]?.duration ?? 0)
    // Set first: the editor's change of slide finds the playhead there and leaves it.
    head.current = { slideIndex: index, t: next }
    setTime(next)
    if (index !== slideIndex) onSlideChange(index)
    if (mode !== null) setRestart((n) => n + 1)
  }

  return {
    head,
    time,
    setTime,
    mode,
    setMode,
    restart,
    duration,
    seek: (t: number) => seekTo(slideIndex, t),
    seekTo,
    togglePlay: () => {
      unlockSound()
      setMode((m) => (m === null ? 'slide' : null))
    },
    togglePlayVideo: () => {
      unlockSound()
      setMode((m) => (m === 'video' ? null : 'video'))
    },
  }
}

/** The preview's playhead, as the preview and the timeline share it. */
export type PreviewPlayhead = ReturnType<typeof usePlayhead>
