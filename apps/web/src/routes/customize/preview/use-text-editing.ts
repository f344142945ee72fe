import { isTextEffect } from '@storyreel/core'
import { useEffect, useState, type RefObject } from 'react'
import { saveText, savedParamsOf, type TextLayerProps } from './text-layer'

export interface TextEditing {
  effectIndex: number
  text: string
}

/**
 * The selected text's words edited in place: each keystroke is drawn as a draft, `finish` saves
 * them or not, and the box's move button takes the focus back.
 */
export function useTextEditing(
  props: TextLayerProps,
  moveButton: RefObject<HTMLButtonElement | null>,
) {
  const { selectedEffectIndex } = props
  const [editing, setEditing] = useState<TextEditing | null>(null)

  // A new selection or slide ends an edit in place.
  useEffect(() => setEditing(null), [selectedEffectIndex, props.savedSlide.id])

  const start = () => {
    if (selectedEffectIndex === null || !isTextEffect(props.slide.effects[selectedEffectIndex]))
      return
    const text = String(savedParamsOf(props.savedSlide, selectedEffectIndex).text ?? '')
    setEditing({ effectIndex: selectedEffectIndex, text })
  }

  const change = (text: string) => {
    if (!editing) return
    setEditing({ ...editing, text })
    props.onDraft({ effectIndex: editing.effectIndex, params: { text } })
  }

  const finish = (keep: boolean) => {
    if (!editing) return
    setEditing(null)
    props.onDraft(null)
    if (keep) saveText(props, editing.effectIndex, { text: editing.text })
    requestAnimationFrame(() => moveButton.current?.focus({ preventScroll: true }))
  }

  return { editing, start, change, finish }
}
