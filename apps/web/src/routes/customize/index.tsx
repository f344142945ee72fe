import { RATIOS, UI_TEXT } from '@storyreel/core'
import { ChevronLeft, ChevronRight, Redo2, Undo2 } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import type { CSSProperties } from 'react'
import { hiddenByCaptions } from '@storyreel/render/browser'
import { RedirectWithError } from '../../components/redirect'
import { Timeline } from '../../components/timeline'
import { IconButton } from '../../components/ui/icon-button'
import { useVideoLimit } from '../../lib/session'
import { useStory } from '../../lib/store'
import { useUserData } from '../../lib/user-data'
import { useMediaQuery } from '../../lib/use-media-query'
import { useStuckBarPadding } from '../../lib/use-stuck-bar-padding'
import { CaptionsCard } from './captions-card'
import { EffectBar, effectTitles } from './effect-bar'
import { EffectPanel } from './effect-panel'
import { deleteEffect, setEffectParams } from './editor-doc'
import type { EditorDoc } from './editor-doc'
import { EditorFooter } from './editor-footer'
import {
  edit,
  openEditor,
  openEffect,
  redoEdit,
  showSlide,
  undoEdit,
  useDoc,
  useEditor,
  useUndoShortcuts,
} from './editor-store'
import { SlidePreview } from './preview/slide-preview'
import { usePlayhead } from './preview/use-playhead'
import { useRenderAction } from './render-action'
import { SlideActions } from './slide-actions'
import { SlideStrip } from './slide-strip'
import { SlideTimeline } from './timeline/slide-timeline'
import { TransitionField } from './transition-field'
import { useNarratedComposition } from './use-narrated-composition'
import { previewPlayer } from './use-audio-preview'
import { VideoLength } from './video-length'
import './customize.css'

/** Where the editor is a desk's: the preview large, the controls beside it, the timeline under. */
const DESK = '(min-width: 1024px)'

/**
 * The shown slide's controls: its actions and duration, its effects and the open panel, and its
 * transition into the next slide.
 */
function SlideControls({ doc }: { doc: EditorDoc }) {
  const slideIndex = useEditor((state) => state.slideIndex)
  const effectIndex = useEditor((state) => state.effectIndex)
  const item = doc.slides[slideIndex]
  if (!item) return null
  const effect = effectIndex === null ? undefined : item.slide.effects[effectIndex]
  const meta = effectIndex === null ? undefined : item.effects[effectIndex]
  return (
    <section className="editor-card" aria-labelledby="editor-slide-title">
      <div className="editor-card__head">
        <CarouselButton step={-1} className="editor-card__nav" />
        <h2 id="editor-slide-title" className="editor-card__title" aria-live="polite">
          Slide {slideIndex + 1} <span>of {doc.slides.length}</span>
        </h2>
        <CarouselButton step={1} className="editor-card__nav" />
      </div>
      <SlideActions doc={doc} index={slideIndex} />
      <h3 className="editor-card__subtitle">Effects</h3>
      <EffectBar slide={item} slideIndex={slideIndex} effectIndex={effectIndex} />
      {effect && meta && effectIndex !== null ? (
        <EffectPanel
          key={meta.key}
          slideIndex={slideIndex}
          slideKey={item.key}
          effectIndex={effectIndex}
          effect={effect}
          meta={meta}
          movie={doc.movieParams}
          title={effectTitles(item.slide.effects)[effectIndex]!}
          hiddenByCaptions={hiddenByCaptions(doc.movieParams, item.slide, effect)}
        />
      ) : null}
      <TransitionField doc={doc} index={slideIndex} slideKey={item.key} />
    </section>
  )
}

/** The carousel's previous and next, wrapping around; `className` says where they sit. */
function CarouselButton({ step, className }: { step: 1 | -1; className: string }) {
  const count = useEditor((state) => state.history?.present.doc.slides.length ?? 0)
  const slideIndex = useEditor((state) => state.slideIndex)
  return (
    <IconButton
      label={step < 0 ? 'Previous slide' : 'Next slide'}
      variant="soft"
      className={className}
      icon={
        step < 0 ? (
          <ChevronLeft size={22} aria-hidden="true" />
        ) : (
          <ChevronRight size={22} aria-hidden="true" />
        )
      }
      disabled={count < 2}
      onClick={() => showSlide((slideIndex + step + count) % count)}
    />
  )
}

/**
 * The live preview of the shown slide. Previous and next sit beside it on wide screens, and on
 * phones beside the shown slide's title, so that the strip has the screen's width for three
 * thumbnails or more (one pair shows at a time). On a desk the timeline lies under it, on the
 * preview's own playhead.
 */
function Stage({ doc }: { doc: EditorDoc }) {
  // Timed as the render will time it: a slide stretches to hold its narration.
  const { composition: narrated, timings } = useNarratedComposition()
  const composition = narrated!
  const slideIndex = useEditor((state) => state.slideIndex)
  const effectIndex = useEditor((state) => state.effectIndex)
  const playhead = usePlayhead(composition.composition, slideIndex, showSlide)
  const desk = useMediaQuery(DESK)
  const slide = doc.slides[slideIndex]
  const ref = useRef<HTMLDivElement>(null)
  useStuckBarPadding(ref, 'top')
  return (
    <div ref={ref} className="editor-stage">
      <CarouselButton step={-1} className="editor-stage__nav" />
      <div className="editor-stage__preview">
        <SlidePreview
          composition={composition}
          slideIndex={slideIndex}
          selectedEffectIndex={effectIndex}
          onSelectEffect={openEffect}
          onChangeEffect={(index, params) =>
            edit((d) => setEffectParams(d, slideIndex, index, params), {
              // A drag's moves are one step; a resize or an edit of the words after it is another.
              key: `canvas/${slide?.key}/${slide?.effects[index]?.key}/${Object.keys(params).sort()}`,
            })
          }
          onDeleteEffect={(index) =>
            edit((d) => deleteEffect(d, slideIndex, index), { effectIndex: null })
          }
          onSlideChange={showSlide}
          playhead={playhead}
        />
      </div>
      <CarouselButton step={1} className="editor-stage__nav" />
      {desk ? (
        <SlideTimeline
          doc={doc}
          composition={composition}
          timings={timings}
          playhead={playhead}
          slideIndex={slideIndex}
        />
      ) : null}
    </div>
  )
}

function HistoryButtons() {
  const canUndo = useEditor((state) => (state.history?.past.length ?? 0) > 0)
  const canRedo = useEditor((state) => (state.history?.future.length ?? 0) > 0)
  const mod = /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl+'
  return (
    <div className="editor-head__history" role="toolbar" aria-label="History">
      <IconButton
        label="Undo"
        variant="soft"
        icon={<Undo2 size={20} aria-hidden="true" />}
        disabled={!canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        title={`Undo (${mod}Z)`}
        onClick={undoEdit}
      />
      <IconButton
        label="Redo"
        variant="soft"
        icon={<Redo2 size={20} aria-hidden="true" />}
        disabled={!canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        title={`Redo (${mod}Shift+Z)`}
        onClick={redoEdit}
      />
    </div>
  )
}

/**
 * /customize (SPEC section 2, issue 16): the editor. Slides in a carousel and a strip to reorder,
 * per-slide actions, each effect's panel, a live preview drawn by the render's own code, undo and
 * redo; every edit is saved to browser storage at once.
 */
export function Component() {
  const composition = useStory((state) => state.composition)
  const files = useStory((state) => state.uploadedFiles)
  const ratio = useStory((state) => state.ratio)
  const user = useUserData()
  const videoLimit = useVideoLimit()
  const render = useRenderAction()
  const doc = useDoc()
  useUndoShortcuts()
  // Leaving the editor silences a preview still talking.
  useEffect(() => previewPlayer.stop, [])

  // A composition the editor has not seen (a new compose) starts a new history.
  useLayoutEffect(() => {
    if (composition) openEditor(composition)
  }, [composition])

  const limitReached = videoLimit.data?.limitReached ?? user?.limitReached ?? false
  if (limitReached) return <RedirectWithError to="/format" />
  if (!composition || files.length === 0) {
    return <RedirectWithError to="/format" error={UI_TEXT.noComposition} />
  }
  if (!doc) return null

  const { width, height } = composition.movieParams
  const count = composition.composition.length

  return (
    // The movie's shape, for the preview and the thumbnails.
    <div className="editor" style={{ '--ratio': width / height } as CSSProperties}>
      <title>Your story · Storyreel</title>
      <Timeline current="customize" />
      <div className="editor-head">
        <div className="editor-head__text">
          <h1 className="editor-head__title">Your story</h1>
          <p className="editor-head__facts">
            {count} {count === 1 ? 'slide' : 'slides'} · <VideoLength /> ·{' '}
            {ratio ? `${RATIOS[ratio].label} · ` : ''}
            {width}×{height}
          </p>
        </div>
        <HistoryButtons />
      </div>

      <div className="editor-body">
        <Stage doc={doc} />
        <div className="editor-side">
          <SlideStrip doc={doc} />
          <SlideControls doc={doc} />
          <CaptionsCard doc={doc} />
        </div>
      </div>

      <EditorFooter composition={composition} rendering={render.pending} onRender={render.start} />
    </div>
  )
}
