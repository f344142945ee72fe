import type { Composition } from '@storyreel/core'
import {
  advance,
  clampTime,
  drawPreviewFrame,
  estimatedCaptions,
  loadFonts,
  MAX_STEP_SECONDS,
  playFrom,
  posterTime,
  previewSize,
  type Media,
  type Playhead,
  type PlayMode,
} from '@storyreel/render/browser'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type JSX,
} from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { PlaybackBar } from './playback-bar'
import { loadedPreviewMedia, previewMedia, previewMediaKey } from './preview-media'
import { TextHandles, type TextDraft } from './text-handles'
import './slide-preview.css'

export interface SlidePreviewProps {
  composition: Composition // from @storyreel/core; movieParams give the canvas size
  slideIndex: number
  selectedEffectIndex: number | null // the effect whose panel is open (text handles show for it)
  onSelectEffect(index: number | null): void
  /** A text effect was moved, resized or edited on the canvas: merge `params` into its params. */
  onChangeEffect(effectIndex: number, params: Record<string, unknown>): void
  onDeleteEffect(effectIndex: number): void
  /** While the whole video plays, the preview moves to the next slide through this. */
  onSlideChange(index: number): void
}

type MediaState =
  | { key: string; status: 'loading' }
  | { key: string; status: 'ready'; media: Media }
  | { key: string; status: 'failed' }

/** The composition with a text edit in progress applied to its slide: drawn, not yet saved. */
function withDraft(composition: Composition, slideIndex: number, draft: TextDraft | null) {
  if (!draft) return composition
  const slides = composition.composition.slice()
  const slide = slides[slideIndex]
  const effect = slide?.effects[draft.effectIndex]
  if (!slide || !effect) return composition
  const effects = slide.effects.slice()
  effects[draft.effectIndex] = {
    ...effect,
    params: { ...effect.params, ...draft.params },
  } as typeof effect
  slides[slideIndex] = { ...slide, effects }
  return { ...composition, composition: slides }
}

// Where each clip was last asked to seek: a seek lands on a frame, so its currentTime may differ.
const seeks = new WeakMap<HTMLVideoElement, number>()

/** Keeps a clip's <video> at the slide's time (the render loops a clip shorter than its slide). */
function syncClip(media: Media | null, t: number, playing: boolean): void {
  const video = media?.source
  if (!(video instanceof HTMLVideoElement) || !Number.isFinite(video.duration)) return
  const want = video.duration > 0 ? t % video.duration : 0
  const seek = (to: number) => {
    seeks.set(video, to)
    video.currentTime = to
  }
  if (playing) {
    if (video.paused) void video.play().catch(() => {})
    if (Math.abs(video.currentTime - want) > 0.25) seek(want)
  } else {
    if (!video.paused) video.pause()
    if (seeks.get(video) !== want) seek(want)
  }
}

/**
 * The editor's live preview: the current slide drawn by the render's own drawFrame at preview
 * size, its captions too (the narration's words, timed by estimate until the voice reads them),
 * with play, pause and scrub over the slide, play of the whole video, and on-canvas handles for
 * the selected text effect.
 */
export function SlidePreview(props: SlidePreviewProps): JSX.Element {
  const { composition, slideIndex, selectedEffectIndex } = props
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [fonts, setFonts] = useState<'loading' | 'ready' | 'failed'>('loading')
  const opening = composition.composition[slideIndex]
  const [time, setTime] = useState(() => (opening ? posterTime(opening) : 0))
  const [mode, setMode] = useState<PlayMode | null>(null)
  const [draft, setDraft] = useState<TextDraft | null>(null)
  const [media, setMedia] = useState<MediaState | null>(null)

  const { width: movieWidth, height: movieHeight } = composition.movieParams
  const size = useMemo(() => previewSize(movieWidth, movieHeight), [movieWidth, movieHeight])
  const slide = composition.composition[slideIndex]
  const duration = slide?.duration ?? 0
  const shown = useMemo(
    () => withDraft(composition, slideIndex, draft),
    [composition, slideIndex, draft],
  )
  const mediaKey = slide ? previewMediaKey(slide, size.width, size.height) : ''

  // The playhead: what the frame shows. Playing moves it on; the slider and the editor set it.
  const head = useRef<Playhead>({ slideIndex, t: time })
  // The latest props for the frame loop, without restarting it.
  const live = useRef({ shown, size, props, mode })
  live.current = { shown, size, props, mode }

  const draw = useCallback(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const { shown, size, mode } = live.current
    const { slideIndex, t } = head.current
    const at = shown.composition[slideIndex]
    if (!at) return
    const media = loadedPreviewMedia(at, size.width, size.height)
    syncClip(media, t, mode !== null)
    drawPreviewFrame(canvas, shown, slideIndex, t, media, {
      draft: mode !== null,
      captions: estimatedCaptions(shown.movieParams, at),
    })
  }, [])

  // Paused: one frame per change, drawn in the next animation frame.
  const pending = useRef(0)
  const requestDraw = useCallback(() => {
    if (pending.current) return
    pending.current = requestAnimationFrame(() => {
      pending.current = 0
      draw()
    })
  }, [draw])
  useEffect(() => () => cancelAnimationFrame(pending.current), [])

  useEffect(() => {
    let stop = false
    loadFonts().then(
      () => !stop && setFonts('ready'),
      () => !stop && setFonts('failed'),
    )
    return () => {
      stop = true
    }
  }, [])

  // The slide's media, from the cache or loaded; the frame shows black until it comes.
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
  const currentMedia = current.status === 'ready' ? current.media : null
  // While a new size loads (a zoom slider moved), the frame shows the file at its old size.
  const standIn = slide ? loadedPreviewMedia(slide, size.width, size.height) : null

  // A clip's frame changes when its seek lands.
  useEffect(() => {
    const video = currentMedia?.source
    if (!(video instanceof HTMLVideoElement)) return
    video.addEventListener('seeked', requestDraw)
    return () => {
      video.removeEventListener('seeked', requestDraw)
      video.pause()
    }
  }, [currentMedia, requestDraw])

  // Another slide chosen in the editor (not played into): stop where it shows (posterTime).
  useEffect(() => {
    if (head.current.slideIndex === slideIndex) return
    const t = slide ? posterTime(slide) : 0
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

  useEffect(() => {
    if (fonts === 'ready') requestDraw()
  }, [fonts, shown, slideIndex, currentMedia, time, mode, size, requestDraw])

  // Playing: advance the clock and draw every animation frame.
  useEffect(() => {
    if (mode === null || fonts !== 'ready') return
    const durations = () => live.current.shown.composition.map((s) => s.duration)
    const moveTo = (index: number) => {
      // The next slide's media starts loading a slide ahead.
      const { shown, size } = live.current
      const next = shown.composition[index + 1]
      if (mode === 'video' && next) previewMedia(next, size.width, size.height).catch(() => {})
      if (index !== live.current.props.slideIndex) live.current.props.onSlideChange(index)
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
  }, [mode, fonts, draw])

  const seek = (t: number) => {
    const next = clampTime(t, duration)
    head.current = { slideIndex, t: next }
    setTime(next)
  }

  return (
    <section className="slide-preview" aria-label="Preview">
      <div
        className="slide-preview__stage"
        style={
          {
            aspectRatio: `${size.width} / ${size.height}`,
            '--ratio': size.width / size.height,
          } as CSSProperties
        }
      >
        <canvas
          ref={canvasRef}
          className="slide-preview__canvas"
          width={size.width}
          height={size.height}
          role="img"
          aria-label={`Slide ${slideIndex + 1} preview`}
        />
        {fonts === 'ready' && slide && mode === null ? (
          <TextHandles
            slide={shown.composition[slideIndex] ?? slide}
            savedSlide={slide}
            movie={{ width: movieWidth, height: movieHeight }}
            preview={size}
            time={time}
            selectedEffectIndex={selectedEffectIndex}
            onSelectEffect={props.onSelectEffect}
            onChangeEffect={props.onChangeEffect}
            onDeleteEffect={props.onDeleteEffect}
            onDraft={setDraft}
          />
        ) : null}
        {fonts === 'loading' || (current.status === 'loading' && !standIn) ? (
          <div className="slide-preview__status">
            <Spinner size={36} />
            <span className="visually-hidden">Loading the preview</span>
          </div>
        ) : null}
        {fonts === 'failed' || current.status === 'failed' ? (
          <p className="slide-preview__error" role="alert">
            {fonts === 'failed'
              ? 'The fonts could not be loaded. Check your connection and reload.'
              : 'This slide’s picture could not be loaded.'}
          </p>
        ) : null}
      </div>
      <PlaybackBar
        time={time}
        duration={duration}
        playing={mode !== null}
        playingVideo={mode === 'video'}
        disabled={!slide}
        onSeek={seek}
        onTogglePlay={() => setMode((m) => (m === null ? 'slide' : null))}
        onTogglePlayVideo={() => setMode((m) => (m === 'video' ? null : 'video'))}
      />
    </section>
  )
}
