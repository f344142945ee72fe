import type { Composition } from '@storyreel/core'
import { hiddenByCaptions, previewSize } from '@storyreel/render/browser'
import { useEffect, useMemo, useRef, useState, type CSSProperties, type JSX } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { useSettledValue } from '../../../lib/use-settled-value'
import { PlaybackBar } from './playback-bar'
import { prefetchSound } from './preview-sound'
import { TextHandles, type TextDraft } from './text-handles'
import type { PreviewPlayhead } from './use-playhead'
import type { FontsState } from './use-preview-fonts'
import { usePreviewFrame } from './use-preview-frame'
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
  /** Where it plays, shared with the timeline (usePlayhead, given this composition). */
  playhead: PreviewPlayhead
}

/** Typing pauses this long before the preview fetches the narration it changed. */
const PREFETCH_AFTER_MS = 700

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

/**
 * The editor's live preview: the current slide drawn by the render's own drawFrame at preview
 * size, its captions too (the narration's words, timed by estimate until the voice reads them),
 * with play, pause and scrub over the slide, play of the whole video, and on-canvas handles for
 * the selected text effect. Playing sounds each slide's narration and the music, in step with the
 * picture.
 */
export function SlidePreview(props: SlidePreviewProps): JSX.Element {
  const { composition, slideIndex, selectedEffectIndex } = props
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [draft, setDraft] = useState<TextDraft | null>(null)
  const { width: movieWidth, height: movieHeight } = composition.movieParams
  const size = useMemo(() => previewSize(movieWidth, movieHeight), [movieWidth, movieHeight])
  const slide = composition.composition[slideIndex]
  const shown = useMemo(
    () => withDraft(composition, slideIndex, draft),
    [composition, slideIndex, draft],
  )
  const { playhead } = props
  const { time, mode } = playhead
  const frame = { shown, size, mode, slideIndex, onSlideChange: props.onSlideChange }
  const { fonts, media } = usePreviewFrame(canvasRef, playhead, frame, slide)
  // Each narration and the music are fetched ahead, so that Play starts them at once.
  const settled = useSettledValue(composition, PREFETCH_AFTER_MS)
  useEffect(() => prefetchSound(settled), [settled])

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
            leftOut={(effect) =>
              hiddenByCaptions(
                composition.movieParams,
                shown.composition[slideIndex] ?? slide,
                effect,
              )
            }
            selectedEffectIndex={selectedEffectIndex}
            onSelectEffect={props.onSelectEffect}
            onChangeEffect={props.onChangeEffect}
            onDeleteEffect={props.onDeleteEffect}
            onDraft={setDraft}
          />
        ) : null}
        <PreviewStatus fonts={fonts} media={media.status} standIn={Boolean(media.standIn)} />
      </div>
      <PlaybackBar
        time={time}
        duration={playhead.duration}
        playing={mode !== null}
        playingVideo={mode === 'video'}
        disabled={!slide}
        onSeek={playhead.seek}
        onTogglePlay={playhead.togglePlay}
        onTogglePlayVideo={playhead.togglePlayVideo}
      />
    </section>
  )
}

interface PreviewStatusProps {
  fonts: FontsState
  media: 'loading' | 'ready' | 'failed'
  /** The slide's file at another size shows while this one loads. */
  standIn: boolean
}

/** A spinner while the fonts or the slide's file load, or what failed to. */
function PreviewStatus({ fonts, media, standIn }: PreviewStatusProps) {
  return (
    <>
      {fonts === 'loading' || (media === 'loading' && !standIn) ? (
        <div className="slide-preview__status">
          <Spinner size={36} />
          <span className="visually-hidden">Loading the preview</span>
        </div>
      ) : null}
      {fonts === 'failed' || media === 'failed' ? (
        <p className="slide-preview__error" role="alert">
          {fonts === 'failed'
            ? 'The fonts could not be loaded. Check your connection and reload.'
            : 'This slide’s picture could not be loaded.'}
        </p>
      ) : null}
    </>
  )
}
