import type { Slide, TextEffect } from '@storyreel/core'
import type { PreviewSize } from '@storyreel/render/browser'
import type { DragBasis, Handle } from './text-drag'
import { changedParams, type Size } from './text-edit'
import { boxSizeInMovie, textAt } from './text-geometry'

/** A text edit in progress on the canvas: drawn at once, saved when it ends. */
export interface TextDraft {
  effectIndex: number
  params: Record<string, unknown>
}

export interface TextLayerProps {
  /** The slide as drawn (with the draft). */
  slide: Slide
  /** The slide as saved: edits are worked out against it. */
  savedSlide: Slide
  movie: Size
  preview: PreviewSize
  time: number
  /** Whether the frame leaves a text out (the captions say its words): it takes no clicks. */
  leftOut: (effect: TextEffect) => boolean
  selectedEffectIndex: number | null
  onSelectEffect(index: number | null): void
  onChangeEffect(effectIndex: number, params: Record<string, unknown>): void
  onDeleteEffect(effectIndex: number): void
  onDraft(draft: TextDraft | null): void
}

export function savedParamsOf(slide: Slide, index: number): Record<string, unknown> {
  return (slide.effects[index]?.params ?? {}) as Record<string, unknown>
}

/** Saves what an edit changed in a text effect's params, if anything. */
export function saveText(props: TextLayerProps, index: number, next: Record<string, unknown>) {
  const changes = changedParams(savedParamsOf(props.savedSlide, index), next)
  if (Object.keys(changes).length > 0) props.onChangeEffect(index, changes)
}

/** The text effect under a point of the stage (the topmost shown one). */
export function hitText(
  props: TextLayerProps,
  layer: HTMLElement,
  clientX: number,
  clientY: number,
): number | null {
  const { preview } = props
  const rect = layer.getBoundingClientRect()
  const x = ((clientX - rect.left) / rect.width) * preview.width
  const y = ((clientY - rect.top) / rect.height) * preview.height
  return textAt(props.slide, props.selectedEffectIndex, preview, props.time, x, y, props.leftOut)
}

/** What dragging or stepping `handle` of effect `index` starts from, on the stage `layer`. */
export function dragBasis(
  props: TextLayerProps,
  layer: HTMLElement,
  handle: Handle,
  index: number,
): DragBasis {
  const { savedSlide, preview, time, movie } = props
  const { width, height } = layer.getBoundingClientRect()
  return {
    handle,
    params: savedParamsOf(savedSlide, index),
    box: boxSizeInMovie(savedSlide, index, preview, time, movie),
    stage: { width, height },
  }
}
