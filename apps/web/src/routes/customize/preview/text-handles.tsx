import {
  EFFECT_DEFAULTS,
  MAX_TEXT_LENGTH,
  resolveFont,
  scaledFontSize,
  type AnimatedTextParams,
  type Effect,
  type Slide,
} from '@storyreel/core'
import {
  canvasMeasure,
  previewSlide,
  textBoxAt,
  type PreviewSize,
  type TextBox,
} from '@storyreel/render/browser'
import { Trash2 } from 'lucide-react'
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'
import {
  arrowStep,
  changedParams,
  moveText,
  resizeText,
  type Size,
  type TextPosition,
} from './text-edit'

/** A text edit in progress on the canvas: drawn at once, saved when it ends. */
export interface TextDraft {
  effectIndex: number
  params: Record<string, unknown>
}

type TextEffect = Extract<Effect, { name: 'animated_text' | 'stream_text' }>
type Handle = 'move' | 'width' | 'corner'

/** The right edge changes the width; the corner both sides. */
const RESIZE_HANDLES = [
  { handle: 'width', label: 'Resize text width' },
  { handle: 'corner', label: 'Resize text' },
] as const

export interface TextHandlesProps {
  /** The slide as drawn (with the draft). */
  slide: Slide
  /** The slide as saved: edits are worked out against it. */
  savedSlide: Slide
  movie: Size
  preview: PreviewSize
  time: number
  selectedEffectIndex: number | null
  onSelectEffect(index: number | null): void
  onChangeEffect(effectIndex: number, params: Record<string, unknown>): void
  onDeleteEffect(effectIndex: number): void
  onDraft(draft: TextDraft | null): void
}

const measure = canvasMeasure()

function isText(effect: Effect | undefined): effect is TextEffect {
  return effect?.name === 'animated_text' || effect?.name === 'stream_text'
}

/** Where the text starts and ends, the defaults filled in as drawFrame fills them. */
function positionOf(p: Partial<AnimatedTextParams>): TextPosition {
  const { startPositionX, startPositionY, endPositionX, endPositionY } = {
    ...EFFECT_DEFAULTS.animated_text,
    ...p,
  }
  return { startPositionX, startPositionY, endPositionX, endPositionY }
}

/** The text box at t on the preview frame, or null when the effect is not text. */
function boxOf(slide: Slide, index: number, preview: PreviewSize, t: number): TextBox | null {
  const effect = previewSlide(slide, preview).effects[index]
  if (!isText(effect)) return null
  return textBoxAt(effect.params, t, preview.width, preview.height, measure)
}

/** Whether a text effect shows at t (the box of a hidden one takes no clicks). */
function shownAt(effect: TextEffect, t: number): boolean {
  const { textStart = 0, textEnd = 0 } = effect.params
  return t >= textStart && t <= textEnd
}

const pct = (x: number, of: number) => `${(x / of) * 100}%`

interface Drag {
  handle: Handle
  effectIndex: number
  pointerId: number
  x: number
  y: number
  params: Record<string, unknown>
  /** The box's size in movie pixels when the drag began. */
  box: Size
  /** The stage's size on screen, CSS pixels. */
  rect: DOMRect
  moved: boolean
  latest: Record<string, unknown> | null
}

/**
 * The selected text effect's box on the canvas: drag it to move ('Move text', arrows 1 %),
 * drag its right edge or corner to resize, double-click or Enter to edit the words in place,
 * and a button to delete it. A click on any text shown on the canvas selects it.
 */
export function TextHandles(props: TextHandlesProps) {
  const { slide, savedSlide, movie, preview, time, selectedEffectIndex } = props
  const layer = useRef<HTMLDivElement>(null)
  const moveButton = useRef<HTMLButtonElement>(null)
  const drag = useRef<Drag | null>(null)
  const [editing, setEditing] = useState<{ effectIndex: number; text: string } | null>(null)
  const [cssScale, setCssScale] = useState(1)
  const focusMove = useRef(false)
  const helpId = useId()

  // On-screen size of a preview pixel, for the inline editor's font.
  useLayoutEffect(() => {
    const el = layer.current
    if (!el) return
    const update = () => setCssScale(el.clientWidth / preview.width || 1)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(el)
    return () => observer.disconnect()
  }, [preview.width])

  const selected = selectedEffectIndex === null ? undefined : slide.effects[selectedEffectIndex]
  const box = useMemo(
    () =>
      selectedEffectIndex !== null && isText(selected)
        ? boxOf(slide, selectedEffectIndex, preview, time)
        : null,
    [slide, selected, selectedEffectIndex, preview, time],
  )

  useEffect(() => {
    if (!box || !focusMove.current) return
    focusMove.current = false
    moveButton.current?.focus({ preventScroll: true })
  }, [box])

  // A new selection or slide ends an edit in place.
  useEffect(() => setEditing(null), [selectedEffectIndex, savedSlide.id])

  const savedParams = (index: number) =>
    (savedSlide.effects[index]?.params ?? {}) as Record<string, unknown>

  const commit = (index: number, next: Record<string, unknown>) => {
    const changes = changedParams(savedParams(index), next)
    if (Object.keys(changes).length > 0) props.onChangeEffect(index, changes)
  }

  /** The text effect under a point of the stage (the topmost shown one). */
  const hit = (clientX: number, clientY: number): number | null => {
    const rect = layer.current!.getBoundingClientRect()
    const x = ((clientX - rect.left) / rect.width) * preview.width
    const y = ((clientY - rect.top) / rect.height) * preview.height
    for (let i = slide.effects.length - 1; i >= 0; i--) {
      const effect = slide.effects[i]
      if (!isText(effect) || (i !== selectedEffectIndex && !shownAt(effect, time))) continue
      const b = boxOf(slide, i, preview, time)
      if (b && x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height) {
        return i
      }
    }
    return null
  }

  const sizeInMovie = (index: number): Size => {
    const b = boxOf(savedSlide, index, preview, time)
    return b
      ? { width: b.width / preview.scaleX, height: b.height / preview.scaleY }
      : { width: movie.width, height: movie.height }
  }

  /** The params after dragging `handle` by (dx, dy) screen pixels on a stage of `rect`. */
  const dragged = (d: Drag, dx: number, dy: number): Record<string, unknown> => {
    const position = positionOf(d.params)
    if (d.handle === 'move') {
      return { ...moveText(position, (dx / d.rect.width) * 100, (dy / d.rect.height) * 100) }
    }
    const dw = (dx / d.rect.width) * movie.width
    const dh = d.handle === 'corner' ? (dy / d.rect.height) * movie.height : 0
    const { size, position: moved } = resizeText(position, d.box, dw, dh, movie)
    return d.handle === 'corner' ? { ...moved, ...size } : { ...moved, width: size.width }
  }

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || editing) return
    const handle = (e.target as Element).closest<HTMLElement>('[data-handle]')?.dataset.handle as
      Handle | 'delete' | undefined
    const index = handle ? selectedEffectIndex : hit(e.clientX, e.clientY)
    if (index === null || !isText(slide.effects[index])) return
    if (index !== selectedEffectIndex) props.onSelectEffect(index)
    if (handle === 'delete') return
    e.preventDefault()
    // Selected by a click on its text: the keyboard goes on from its box.
    if (!handle) focusMove.current = true
    layer.current!.setPointerCapture(e.pointerId)
    drag.current = {
      handle: handle ?? 'move',
      effectIndex: index,
      pointerId: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      params: savedParams(index),
      box: sizeInMovie(index),
      rect: layer.current!.getBoundingClientRect(),
      moved: false,
      latest: null,
    }
  }

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d || d.pointerId !== e.pointerId) return
    const dx = e.clientX - d.x
    const dy = e.clientY - d.y
    if (!d.moved && Math.hypot(dx, dy) < 3) return
    d.moved = true
    d.latest = dragged(d, dx, dy)
    props.onDraft({ effectIndex: d.effectIndex, params: d.latest })
  }

  const endDrag = (e: PointerEvent<HTMLDivElement>, keep: boolean) => {
    const d = drag.current
    if (!d || d.pointerId !== e.pointerId) return
    drag.current = null
    if (keep && d.latest) commit(d.effectIndex, d.latest)
    props.onDraft(null)
  }

  const startEditing = () => {
    if (selectedEffectIndex === null || !isText(selected)) return
    setEditing({
      effectIndex: selectedEffectIndex,
      text: String(savedParams(selectedEffectIndex).text ?? ''),
    })
  }

  const finishEditing = (keep: boolean) => {
    if (!editing) return
    setEditing(null)
    props.onDraft(null)
    if (keep) commit(editing.effectIndex, { text: editing.text })
    requestAnimationFrame(() => moveButton.current?.focus({ preventScroll: true }))
  }

  const onKey = (handle: Handle) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (selectedEffectIndex === null) return
    if (handle === 'move' && e.key === 'Enter') {
      e.preventDefault()
      startEditing()
      return
    }
    const step = arrowStep(e.key, e.shiftKey)
    if (!step) return
    e.preventDefault()
    const rect = layer.current!.getBoundingClientRect()
    const d: Drag = {
      handle,
      effectIndex: selectedEffectIndex,
      pointerId: -1,
      x: 0,
      y: 0,
      params: savedParams(selectedEffectIndex),
      box: sizeInMovie(selectedEffectIndex),
      rect,
      moved: true,
      latest: null,
    }
    const [sx, sy] = handle === 'width' ? [step[0] || -step[1], 0] : step
    commit(selectedEffectIndex, dragged(d, (sx / 100) * rect.width, (sy / 100) * rect.height))
  }

  const shown = selected && isText(selected) && shownAt(selected, time)
  const font = isText(selected) ? resolveFont(selected.params.font) : undefined
  // The inline editor writes in the text's font at its size on screen.
  const fontSize = isText(selected) ? selected.params.fontSize : undefined
  const fontPx = fontSize ? scaledFontSize(fontSize, preview.width, preview.height) * cssScale : 16

  return (
    <div
      ref={layer}
      className="text-layer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => endDrag(e, true)}
      onPointerCancel={(e) => endDrag(e, false)}
      onLostPointerCapture={(e) => endDrag(e, true)}
      onDoubleClick={(e) => {
        if (selectedEffectIndex !== null && hit(e.clientX, e.clientY) === selectedEffectIndex) {
          startEditing()
        }
      }}
    >
      {box ? (
        <div
          className={[
            'text-frame',
            shown ? '' : 'text-frame--hidden',
            // Too near the top for the delete button above it.
            box.top < preview.height * 0.12 ? 'text-frame--room-below' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          style={{
            left: pct(box.left, preview.width),
            top: pct(box.top, preview.height),
            width: pct(box.width, preview.width),
            height: pct(box.height, preview.height),
          }}
        >
          <button
            ref={moveButton}
            type="button"
            className="text-frame__move"
            data-handle="move"
            aria-label="Move text"
            aria-describedby={`${helpId}-move`}
            onKeyDown={onKey('move')}
          />
          <span id={`${helpId}-move`} className="visually-hidden">
            Drag or use the arrow keys to move; press Enter or double-click to edit the words.
          </span>
          <span id={`${helpId}-resize`} className="visually-hidden">
            Drag or use the arrow keys to resize.
          </span>
          {editing ? null : (
            <>
              {RESIZE_HANDLES.map(({ handle, label }) => (
                <button
                  key={handle}
                  type="button"
                  className={`text-frame__handle text-frame__handle--${handle}`}
                  data-handle={handle}
                  aria-label={label}
                  aria-describedby={`${helpId}-resize`}
                  onKeyDown={onKey(handle)}
                />
              ))}
              <button
                type="button"
                className="text-frame__delete"
                data-handle="delete"
                aria-label="Delete text"
                onClick={() =>
                  selectedEffectIndex !== null && props.onDeleteEffect(selectedEffectIndex)
                }
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </>
          )}
          {editing ? (
            <textarea
              className="text-frame__editor"
              aria-label="Edit text"
              autoFocus
              maxLength={MAX_TEXT_LENGTH}
              value={editing.text}
              style={{ fontFamily: `"${font}"`, fontSize: `${Math.max(14, fontPx)}px` }}
              onChange={(e) => {
                const text = e.currentTarget.value
                setEditing({ ...editing, text })
                props.onDraft({ effectIndex: editing.effectIndex, params: { text } })
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault()
                  finishEditing(true)
                } else if (e.key === 'Escape') {
                  e.preventDefault()
                  e.stopPropagation()
                  finishEditing(false)
                }
              }}
              onBlur={() => finishEditing(true)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
