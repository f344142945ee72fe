import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import type { Announcements, DragEndEvent, ScreenReaderInstructions } from '@dnd-kit/core'
import {
  SortableContext,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { TIMINGS, transitionDescriptor } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { Film, ImagePlus } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { formatSeconds } from '../../lib/format'
import { useStory } from '../../lib/store'
import { canAddSlides, moveSlide } from './editor-doc'
import type { EditorDoc, EditorSlide } from './editor-doc'
import { edit, showSlide, useEditor } from './editor-store'
import { isClip, thumbnailSrc } from './slide-thumbnail'
import { TransitionIcon } from './transition-icons'
import { useNarratedComposition } from './use-narrated-composition'
import { openTransitionField, shownTransition } from './transition-field'

/**
 * The button between a thumbnail and the next: the icon of the slide's transition into it, which
 * opens the transition picker.
 */
function TransitionButton({ slide, index }: { slide: EditorSlide['slide']; index: number }) {
  const { type } = shownTransition(slide)
  const label = `Transition to slide ${index + 2}: ${transitionDescriptor(type).label}`
  return (
    <button
      type="button"
      className="slide-card__transition"
      data-type={type}
      aria-label={label}
      title={label}
      onClick={() => openTransitionField(index)}
    >
      <span className="slide-card__transition-dot">
        <TransitionIcon type={type} size={14} />
      </span>
    </button>
  )
}

function Thumbnail({
  item,
  index,
  seconds,
  current,
  last,
  files,
  onPick,
}: {
  item: EditorSlide
  index: number
  /** Its length in the video: more than its set duration when its narration needs it. */
  seconds: number
  current: boolean
  /** Nothing follows it: no transition button after it. */
  last: boolean
  files: readonly MediaFile[]
  onPick: (key: string) => void
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
  })
  const { filename } = item.slide
  return (
    <li
      ref={setNodeRef}
      className="slide-card"
      data-current={current || undefined}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div
        {...attributes}
        {...listeners}
        className="slide-card__button"
        aria-current={current ? 'true' : undefined}
        onClick={() => onPick(item.key)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            onPick(item.key)
            return
          }
          listeners?.onKeyDown?.(event)
        }}
      >
        {/* Named by content, not aria-label: axe holds a label to contain the visible text. */}
        <span className="visually-hidden">{`Slide ${index + 1}`}</span>
        <img src={thumbnailSrc(filename, files)} alt="" draggable={false} loading="lazy" />
        {isClip(filename) ? (
          <span className="slide-card__clip" aria-hidden="true">
            <Film size={12} />
          </span>
        ) : null}
        <span className="slide-card__number" aria-hidden="true">
          {index + 1}
        </span>
        <span className="slide-card__duration" aria-hidden="true">
          {formatSeconds(seconds)}
        </span>
      </div>
      {last || isDragging ? null : <TransitionButton slide={item.slide} index={index} />}
    </li>
  )
}

/**
 * The 'Add more media' tile (SPEC section 2): to /media, where the library, the stock libraries
 * and an upload from the device add slides at the end of the video.
 */
function AddMediaTile({ doc }: { doc: EditorDoc }) {
  const full = !canAddSlides(doc)
  const { width, height } = doc.movieParams
  const to = `/media?source=customize&w=${width}&h=${height}`
  return (
    <li className="slide-strip__add">
      {full ? (
        <span
          className="add-media add-media--full"
          title="This video has as many slides as it can hold"
          aria-disabled="true"
        >
          <ImagePlus size={22} aria-hidden="true" />
          <span>Add more media</span>
        </span>
      ) : (
        <Link className="add-media" to={to}>
          <ImagePlus size={22} aria-hidden="true" />
          <span>Add more media</span>
        </Link>
      )}
    </li>
  )
}

/**
 * Scrolling while a thumbnail is held at the strip's edge: at most about a thumbnail every
 * 400 ms at the edge, a pace a person can stop at (issue 36). dnd-kit's default (10 px every
 * 5 ms, 2000 px/s) carried a slide held for a second from the first place to the last.
 */
const AUTO_SCROLL = { interval: 10, acceleration: 2.2, threshold: { x: 0.15, y: 0 } }

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a slide, press Space, then the arrow keys; Space drops it and Escape cancels. ' +
    'On a touch screen, press and hold a slide, then drag it.',
}

/**
 * The thumbnail strip: a tap shows the slide; a drag reorders (mouse; touch after a 400 ms
 * press, so a swipe still scrolls the strip; Space and arrows from the keyboard).
 */
export function SlideStrip({ doc }: { doc: EditorDoc }) {
  const slideIndex = useEditor((state) => state.slideIndex)
  const files = useStory((state) => state.uploadedFiles)
  const keys = doc.slides.map((s) => s.key)
  const { timings } = useNarratedComposition()
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: TIMINGS.longPressMs, tolerance: 8 },
    }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  )

  const position = (id: string | number) => keys.indexOf(String(id)) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up slide ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Slide ${position(active.id)} is over position ${position(over.id)}.`
        : `Slide ${position(active.id)} is no longer over the strip.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Slide ${position(active.id)} was dropped at position ${position(over.id)}.`
        : `Slide ${position(active.id)} was dropped back.`,
    onDragCancel: ({ active }) => `Moving slide ${position(active.id)} was cancelled.`,
  }

  // A drop ends a drag that started here; an end without a start changes nothing. (dnd-kit
  // itself swallows the click that ends a pointer drag.)
  const dragging = useRef(false)
  const finish = (): boolean => {
    const was = dragging.current
    dragging.current = false
    return was
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!finish() || !over || active.id === over.id) return
    const from = keys.indexOf(String(active.id))
    const to = keys.indexOf(String(over.id))
    const shownKey = keys[slideIndex]
    edit((d) => moveSlide(d, from, to), {
      // The shown slide stays shown wherever it went.
      slideIndex: shownKey
        ? moveSlide(doc, from, to).slides.findIndex((s) => s.key === shownKey)
        : 0,
    })
  }

  // The shown slide's thumbnail scrolls into the strip (the carousel may go past its edge);
  // only the strip scrolls, never the page.
  const listRef = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const list = listRef.current
    const item = list?.children[slideIndex] as HTMLElement | undefined
    if (!list || !item) return
    // The list is the offset parent: offsetLeft is the thumbnail's place in its content.
    const left = item.offsetLeft
    if (left < list.scrollLeft) list.scrollTo({ left: left - 8 })
    else if (left + item.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: left + item.offsetWidth - list.clientWidth + 8 })
    }
  }, [slideIndex, doc.slides.length])

  return (
    <DndContext
      sensors={sensors}
      autoScroll={AUTO_SCROLL}
      collisionDetection={closestCenter}
      onDragStart={() => (dragging.current = true)}
      onDragEnd={onDragEnd}
      onDragCancel={finish}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={keys} strategy={horizontalListSortingStrategy}>
        <ol ref={listRef} className="slide-strip" aria-label="Slides">
          {doc.slides.map((item, index) => (
            <Thumbnail
              key={item.key}
              item={item}
              index={index}
              seconds={timings[index]?.seconds ?? item.slide.duration}
              current={index === slideIndex}
              last={index === doc.slides.length - 1}
              files={files}
              onPick={(key) => showSlide(keys.indexOf(key))}
            />
          ))}
          <AddMediaTile doc={doc} />
        </ol>
      </SortableContext>
    </DndContext>
  )
}
