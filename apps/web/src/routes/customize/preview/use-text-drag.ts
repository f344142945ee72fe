import { isTextEffect } from '@storyreel/core'
import { useRef, type PointerEvent, type RefObject } from 'react'
import { IDLE, dragTransition, type DragEvent, type DragState, type Handle } from './text-drag'
import { dragBasis, hitText, saveText, type TextLayerProps } from './text-layer'

export interface TextDragOptions {
  /** An edit in place takes the pointer: no drag starts. */
  editing: boolean
  /** Called when a click on a text selects it (not a press on a handle). */
  onSelectedByClick(): void
}

type LayerPointerEvent = PointerEvent<HTMLDivElement>

/** The handle a press landed on, named by the element's data-handle. */
function pressedHandle(e: LayerPointerEvent): Handle | 'delete' | undefined {
  return (e.target as Element).closest<HTMLElement>('[data-handle]')?.dataset.handle as
    Handle | 'delete' | undefined
}

/**
 * The text layer's pointer handlers. A press on a text selects it and arms a drag of its box, or
 * of the handle pressed (the delete button only selects); the drag itself is the state machine of
 * text-drag, whose drafts and saves this passes on.
 */
export function useTextDrag(
  props: TextLayerProps,
  layer: RefObject<HTMLDivElement | null>,
  options: TextDragOptions,
) {
  const state = useRef<DragState>(IDLE)

  const send = (event: DragEvent) => {
    const { state: next, effect } = dragTransition(state.current, event)
    state.current = next
    if (effect?.type === 'draft') {
      props.onDraft({ effectIndex: effect.effectIndex, params: effect.params })
    } else if (effect?.type === 'end') {
      if (effect.save) saveText(props, effect.save.effectIndex, effect.save.params)
      props.onDraft(null)
    }
  }

  const onPointerDown = (e: LayerPointerEvent) => {
    if (e.button !== 0 || options.editing) return
    const handle = pressedHandle(e)
    const el = layer.current!
    const index = handle ? props.selectedEffectIndex : hitText(props, el, e.clientX, e.clientY)
    if (index === null || !isTextEffect(props.slide.effects[index])) return
    if (index !== props.selectedEffectIndex) props.onSelectEffect(index)
    if (handle === 'delete') return
    e.preventDefault()
    if (!handle) options.onSelectedByClick()
    el.setPointerCapture(e.pointerId)
    const basis = dragBasis(props, el, handle ?? 'move', index)
    const pointer = { pointerId: e.pointerId, x: e.clientX, y: e.clientY }
    send({ type: 'press', start: { ...basis, ...pointer, effectIndex: index } })
  }

  const release = (keep: boolean) => (e: LayerPointerEvent) =>
    send({ type: 'release', pointerId: e.pointerId, keep })

  return {
    onPointerDown,
    onPointerMove: (e: LayerPointerEvent) =>
      send({
        type: 'move',
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        movie: props.movie,
      }),
    onPointerUp: release(true),
    onPointerCancel: release(false),
    onLostPointerCapture: release(true),
  }
}
