import { isTextEffect, resolveFont, scaledFontSize, type Effect } from '@storyreel/core'
import type { PreviewSize, TextBox } from '@storyreel/render/browser'
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import { steppedParams, type Handle } from './text-drag'
import { arrowStep } from './text-edit'
import { TextFrame } from './text-frame'
import { boxOf, drawnAt } from './text-geometry'
import { dragBasis, hitText, saveText, type TextLayerProps } from './text-layer'
import { useTextDrag } from './use-text-drag'
import { useTextEditing } from './use-text-editing'

export type { TextDraft, TextLayerProps as TextHandlesProps } from './text-layer'

/** On-screen size of a preview pixel, for the inline editor's font. */
function useCssScale(layer: RefObject<HTMLDivElement | null>, previewWidth: number): number {
  const [cssScale, setCssScale] = useState(1)
  useLayoutEffect(() => {
    const el = layer.current
    if (!el) return
    const update = () => setCssScale(el.clientWidth / previewWidth || 1)
    update()
    const observer = new ResizeObserver(update)
    observer.observe(el)
    return () => observer.disconnect()
  }, [layer, previewWidth])
  return cssScale
}

/**
 * The box's move button, and a way to focus it once the box shows: a text selected by a click
 * on its words goes on from its box with the keyboard.
 */
function useMoveFocus(box: TextBox | null) {
  const moveButton = useRef<HTMLButtonElement>(null)
  const focusMove = useRef(false)
  useEffect(() => {
    if (!box || !focusMove.current) return
    focusMove.current = false
    moveButton.current?.focus({ preventScroll: true })
  }, [box])
  const focusWhenShown = () => {
    focusMove.current = true
  }
  return { moveButton, focusWhenShown }
}

/** The inline editor writes in the text's font at its size on screen. */
function editorFont(effect: Effect | undefined, preview: PreviewSize, cssScale: number) {
  const font = isTextEffect(effect) ? resolveFont(effect.params.font) : undefined
  const fontSize = isTextEffect(effect) ? effect.params.fontSize : undefined
  const fontPx = fontSize ? scaledFontSize(fontSize, preview.width, preview.height) * cssScale : 16
  return { fontFamily: `"${font}"`, fontSize: `${Math.max(14, fontPx)}px` } satisfies CSSProperties
}

/**
 * The selected text effect's box on the canvas: drag it to move ('Move text', arrows 1 %),
 * drag its right edge or corner to resize, double-click or Enter to edit the words in place,
 * and a button to delete it. A click on any text shown on the canvas selects it.
 */
export function TextHandles(props: TextLayerProps) {
  const { slide, preview, time, selectedEffectIndex } = props
  const layer = useRef<HTMLDivElement>(null)
  const cssScale = useCssScale(layer, preview.width)
  const selected = selectedEffectIndex === null ? undefined : slide.effects[selectedEffectIndex]
  const box = useMemo(
    () =>
      selectedEffectIndex !== null && isTextEffect(selected)
        ? boxOf(slide, selectedEffectIndex, preview, time)
        : null,
    [slide, selected, selectedEffectIndex, preview, time],
  )
  const { moveButton, focusWhenShown } = useMoveFocus(box)
  const editor = useTextEditing(props, moveButton)
  const pointer = useTextDrag(props, layer, {
    editing: editor.editing !== null,
    onSelectedByClick: focusWhenShown,
  })

  // Enter on the move button edits the words; an arrow moves or resizes by a step.
  const onKey = (handle: Handle) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (selectedEffectIndex === null) return
    if (handle === 'move' && e.key === 'Enter') {
      e.preventDefault()
      editor.start()
      return
    }
    const step = arrowStep(e.key, e.shiftKey)
    if (!step) return
    e.preventDefault()
    const basis = dragBasis(props, layer.current!, handle, selectedEffectIndex)
    saveText(props, selectedEffectIndex, steppedParams(basis, step, props.movie))
  }

  return (
    <div
      ref={layer}
      className="text-layer"
      {...pointer}
      onDoubleClick={(e) => {
        if (
          selectedEffectIndex !== null &&
          hitText(props, layer.current!, e.clientX, e.clientY) === selectedEffectIndex
        ) {
          editor.start()
        }
      }}
    >
      {box ? (
        <TextFrame
          box={box}
          preview={preview}
          shown={!!selected && isTextEffect(selected) && drawnAt(selected, time, props.leftOut)}
          moveButton={moveButton}
          editingText={editor.editing?.text ?? null}
          editorFont={editorFont(selected, preview, cssScale)}
          onKey={onKey}
          onDelete={() => selectedEffectIndex !== null && props.onDeleteEffect(selectedEffectIndex)}
          onEditText={editor.change}
          onFinishEditing={editor.finish}
        />
      ) : null}
    </div>
  )
}
