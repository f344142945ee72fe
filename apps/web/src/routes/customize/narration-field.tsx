import { MAX_NARRATION_CHARS } from '@storyreel/core'
import { useId } from 'react'
import { setNarration } from './editor-doc'
import { edit } from './editor-store'
import { PreviewButton } from './preview-button'
import type { SlideFieldProps } from './slide-field'

/** The counter turns to a warning this close to the limit. */
const NEAR_LIMIT = 0.9

/**
 * A quiet note under the field: why the narration will not be heard. (How the slide grows to fit
 * it shows beside the slide's duration.)
 */
function narrationNote(text: string, voiceOff: boolean) {
  if (text.trim() === '' || !voiceOff) return null
  return 'The voice is Off: choose one in Audio to hear this narration.'
}

/**
 * What the voice says over one slide, with a Listen button that reads it in the video's voice
 * (the voice preview's rules, SPEC section 5). Typing is one undo step per pause.
 */
export function NarrationField({ doc, index, slideKey }: SlideFieldProps) {
  const id = useId()
  const slide = doc.slides[index]!.slide
  const { voice } = doc.movieParams
  const text = slide.narration ?? ''
  const note = narrationNote(text, voice === null)
  const near = text.length >= MAX_NARRATION_CHARS * NEAR_LIMIT
  return (
    <div className="narration-field">
      <div className="narration-field__head">
        <label htmlFor={id} className="control-label">
          Narration
        </label>
        <PreviewButton
          previewKey={`narration:${slideKey}`}
          text={text}
          voice={voice}
          label="Listen"
          stopLabel="Stop"
          showLabel
          className="narration-field__listen"
        />
      </div>
      <textarea
        id={id}
        className="effect-field__textarea narration-field__input"
        rows={3}
        maxLength={MAX_NARRATION_CHARS}
        placeholder="What the voice says over this slide"
        value={text}
        aria-describedby={`${id}-note ${id}-count`}
        onChange={(event) => {
          const value = event.currentTarget.value
          edit((d) => setNarration(d, index, value), { key: `${slideKey}/narration` })
        }}
      />
      <div className="narration-field__foot">
        <p id={`${id}-note`} className="narration-field__note" aria-live="polite">
          {note}
        </p>
        <span id={`${id}-count`} className="narration-field__count" data-near={near || undefined}>
          {text.length}/{MAX_NARRATION_CHARS}
          <span className="visually-hidden"> characters</span>
        </span>
      </div>
    </div>
  )
}
