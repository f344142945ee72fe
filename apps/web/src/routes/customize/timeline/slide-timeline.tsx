import { durationWithNarration, transitionAt, transitionDescriptor } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { Mic } from 'lucide-react'
import { memo, useLayoutEffect, useRef, useState } from 'react'
import type { CSSProperties, KeyboardEvent, PointerEvent } from 'react'
import { formatSeconds } from '../../../lib/format'
import { useStory } from '../../../lib/store'
import { allowedDuration, maxDuration, MIN_SLIDE_SECONDS } from '../duration-limits'
import { setDuration } from '../editor-doc'
import type { EditorDoc } from '../editor-doc'
import { edit } from '../editor-store'
import type { SlideTiming } from '../narration-timing'
import type { PreviewPlayhead } from '../preview/use-playhead'
import { thumbnailSrc } from '../slide-thumbnail'
import { TransitionIcon } from '../transition-icons'
import {
  headAt,
  keyStep,
  rulerLabel,
  rulerStep,
  rulerTicks,
  spans,
  videoTime,
} from './timeline-layout'
import './timeline.css'

export interface SlideTimelineProps {
  doc: EditorDoc
  /** The composition as the preview plays it: each slide stretched to its narration. */
  composition: Composition
  timings: readonly SlideTiming[]
  playhead: PreviewPlayhead
  slideIndex: number
}

/** Room a ruler label needs at the track's end, pixels. */
const LAST_LABEL_PX = 30

/** A right edge being dragged: the slide's set duration so far, at the scale it started at. */
interface EdgeDraft {
  index: number
  seconds: number
  pxPerSecond: number
}

/** The track's width in pixels, kept up to date. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width))
    observer.observe(element)
    setWidth(element.clientWidth)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/**
 * The video under the preview, as a video editor shows it (issue 36): each slide a block as wide
 * as it plays, its narration a bar inside it, the transitions at the boundaries, and the
 * preview's own playhead, which a click or a drag moves. Dragging a slide's right edge sets its
 * duration (one undo step per drag); the playhead and the edges move with the arrow keys too.
 */
export function SlideTimeline(props: SlideTimelineProps) {
  const { doc, composition, timings, playhead, slideIndex } = props
  const files = useStory((state) => state.uploadedFiles)
  const { ref, width } = useWidth()
  const [draft, setDraft] = useState<EdgeDraft | null>(null)

  const slides = composition.composition
  const durations = slides.map((slide, i) =>
    draft?.index === i
      ? durationWithNarration(draft.seconds, timings[i]?.spoken ?? 0)
      : slide.duration,
  )
  const total = durations.reduce((sum, d) => sum + d, 0)
  // While an edge is dragged the scale holds still, so that the edge stays under the pointer.
  const pxPerSecond = draft?.pxPerSecond ?? (total > 0 ? width / total : 0)
  const places = spans(durations)
  const timed = slides.map((slide, i) => ({ ...slide, duration: durations[i]! }))
  const now = videoTime(durations, { slideIndex, t: playhead.time })
  const step = rulerStep(pxPerSecond)
  const ticks = pxPerSecond > 0 ? rulerTicks((width - LAST_LABEL_PX) / pxPerSecond, step) : []

  const seekAt = (clientX: number) => {
    const box = ref.current?.getBoundingClientRect()
    if (!box || pxPerSecond <= 0) return
    const head = headAt(durations, (clientX - box.left) / pxPerSecond)
    playhead.seekTo(head.slideIndex, head.t)
  }
  const scrub = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return
      event.currentTarget.setPointerCapture(event.pointerId)
      seekAt(event.clientX)
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (event.currentTarget.hasPointerCapture(event.pointerId)) seekAt(event.clientX)
    },
  }

  const onPlayheadKey = (event: KeyboardEvent) => {
    const move = keyStep(event.key, event.shiftKey)
    const to =
      move !== null ? now + move : event.key === 'Home' ? 0 : event.key === 'End' ? total : null
    if (to === null) return
    event.preventDefault()
    const head = headAt(durations, to)
    playhead.seekTo(head.slideIndex, head.t)
  }

  return (
    <section className="slide-timeline" aria-label="Video track">
      <div
        className="slide-timeline__lanes"
        style={{ '--track-w': `${total * pxPerSecond}px` } as CSSProperties}
      >
        <div ref={ref} className="slide-timeline__measure" aria-hidden="true" />
        <div className="slide-timeline__ruler" aria-hidden="true" {...scrub}>
          {ticks.map((t) => (
            <span key={t} className="slide-timeline__tick" style={{ left: t * pxPerSecond }}>
              {rulerLabel(t)}
            </span>
          ))}
        </div>
        <ol className="slide-timeline__track" {...scrub}>
          {places.map((place, i) => (
            <SlideBlock
              key={doc.slides[i]?.key ?? i}
              doc={doc}
              index={i}
              left={place.start * pxPerSecond}
              width={place.seconds * pxPerSecond}
              seconds={place.seconds}
              spoken={timings[i]?.spoken ?? 0}
              current={i === slideIndex}
              thumbnail={thumbnailSrc(slides[i]!.filename, files)}
              pxPerSecond={pxPerSecond}
              onDraft={setDraft}
            />
          ))}
        </ol>
        {places.slice(1).map((place, i) => {
          const drawn = transitionAt(timed, i)
          const type = drawn?.type ?? 'cut'
          const label = `${transitionDescriptor(type).label} into slide ${i + 2}`
          return (
            <div
              key={`transition-${doc.slides[i]?.key ?? i}`}
              className="slide-timeline__transition"
              data-type={type}
              style={
                {
                  left: place.start * pxPerSecond,
                  '--band': `${(drawn?.duration ?? 0) * pxPerSecond}px`,
                } as CSSProperties
              }
              title={label}
            >
              <span className="slide-timeline__transition-dot">
                <TransitionIcon type={type} size={13} />
              </span>
              <span className="visually-hidden">{label}</span>
            </div>
          )
        })}
        <div
          className="slide-timeline__playhead"
          style={{ left: now * pxPerSecond }}
          role="slider"
          tabIndex={0}
          aria-label="Playhead"
          aria-valuemin={0}
          aria-valuemax={Math.round(total * 10) / 10}
          aria-valuenow={Math.round(now * 10) / 10}
          aria-valuetext={`Slide ${slideIndex + 1}, ${formatSeconds(now)} of ${formatSeconds(total)}`}
          onKeyDown={onPlayheadKey}
          {...scrub}
        >
          <span className="slide-timeline__playhead-handle" />
        </div>
      </div>
    </section>
  )
}

interface SlideBlockProps {
  doc: EditorDoc
  index: number
  left: number
  width: number
  /** Its length as the video plays it. */
  seconds: number
  /** How long its narration is read, seconds (0: silent). */
  spoken: number
  current: boolean
  thumbnail: string
  pxPerSecond: number
  onDraft(draft: EdgeDraft | null): void
}

/**
 * One slide: its pictures along it, its number and length, its narration, its right edge.
 * Memoised: while playing, the playhead moves every frame and the blocks stay as they are.
 */
const SlideBlock = memo(function SlideBlock(props: SlideBlockProps) {
  const { doc, index, left, width, seconds, spoken, current, pxPerSecond } = props
  const item = doc.slides[index]
  const set = item?.slide.duration ?? seconds
  const narration = Math.min(spoken, seconds)
  const drag = useRef<{ x: number; from: number; seconds: number } | null>(null)

  const setTo = (value: number) => allowedDuration(doc, index, value)
  const onEdgeDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    // The edge is not the track: a drag here sets the duration, it does not seek.
    event.stopPropagation()
    event.currentTarget.setPointerCapture(event.pointerId)
    // From where the edge shows: a slide stretched by its narration grows from its shown end.
    drag.current = { x: event.clientX, from: seconds, seconds: set }
  }
  const onEdgeMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start || pxPerSecond <= 0) return
    if (Math.abs(event.clientX - start.x) < 1 && start.seconds === set) return
    start.seconds = setTo(start.from + (event.clientX - start.x) / pxPerSecond)
    props.onDraft({ index, seconds: start.seconds, pxPerSecond })
  }
  const onEdgeUp = () => {
    const start = drag.current
    drag.current = null
    props.onDraft(null)
    // The whole drag is one step: the duration is written once, where the edge was let go.
    if (start && start.seconds !== set && item) {
      edit((d) => setDuration(d, index, start.seconds))
    }
  }
  const onEdgeKey = (event: KeyboardEvent) => {
    const move = keyStep(event.key, event.shiftKey)
    if (move === null || !item) return
    event.preventDefault()
    event.stopPropagation()
    const next = setTo(set + move)
    edit((d) => setDuration(d, index, next), { key: `${item.key}/duration` })
  }

  const length = formatSeconds(seconds)
  return (
    <li
      className="slide-timeline__block"
      aria-current={current ? 'true' : undefined}
      style={
        {
          left,
          width,
          '--thumb': `url("${props.thumbnail}")`,
        } as CSSProperties
      }
    >
      <span className="slide-timeline__label">
        <span className="slide-timeline__number" aria-hidden="true">
          {index + 1}
        </span>
        <span className="visually-hidden">{`Slide ${index + 1}: `}</span>
        <span className="slide-timeline__length">{length}</span>
        {narration > 0 ? (
          <span className="visually-hidden">{`, narration ${formatSeconds(narration)}`}</span>
        ) : null}
      </span>
      {narration > 0 ? (
        <span
          className="slide-timeline__narration"
          style={{ width: `${(narration / seconds) * 100}%` }}
          title={`Narration: ${formatSeconds(narration)}`}
          aria-hidden="true"
        >
          <Mic size={11} />
          <span className="slide-timeline__narration-length">{formatSeconds(narration)}</span>
        </span>
      ) : null}
      <div
        className="slide-timeline__edge"
        role="slider"
        tabIndex={0}
        aria-label={`Slide ${index + 1} duration`}
        aria-valuemin={MIN_SLIDE_SECONDS}
        aria-valuemax={maxDuration(doc, index)}
        aria-valuenow={set}
        aria-valuetext={`${formatSeconds(set)}${seconds > set ? `, plays ${length} to fit its narration` : ''}`}
        onPointerDown={onEdgeDown}
        onPointerMove={onEdgeMove}
        onPointerUp={onEdgeUp}
        onPointerCancel={onEdgeUp}
        onKeyDown={onEdgeKey}
      />
    </li>
  )
})
