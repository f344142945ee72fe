import { UI_TEXT } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { Copy, ImageUp, Minus, Plus, Trash2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { IconButton } from '../../components/ui/icon-button'
import { formatSeconds } from '../../lib/format'
import { randomId } from '../../lib/random-id'
import { useStory } from '../../lib/store'
import { canAddSlides, deleteSlide, duplicateSlide, replaceMedia, setDuration } from './editor-doc'
import type { EditorDoc } from './editor-doc'
import { allowedDuration, maxDuration, MIN_SLIDE_SECONDS } from './duration-limits'
import { edit } from './editor-store'
import { FramingField } from './framing-field'
import { MediaPicker } from './media-picker'
import { NarrationField } from './narration-field'
import type { SlideFieldProps } from './slide-field'
import { useNarratedComposition } from './use-narrated-composition'

const DURATION_STEP = 0.5

/** Seconds typed or stepped; the field keeps what is typed until it is a valid duration. */
function DurationField({ doc, index, slideKey }: SlideFieldProps) {
  const id = useId()
  const duration = doc.slides[index]!.slide.duration
  const max = maxDuration(doc, index)
  const [text, setText] = useState(String(duration))
  useEffect(() => setText(String(duration)), [duration])
  // The render stretches a slide shorter than its narration; the field keeps the set duration.
  const timing = useNarratedComposition().timings[index]
  const grown = timing && timing.seconds > duration ? timing : null

  const commit = (seconds: number) => {
    const next = allowedDuration(doc, index, seconds)
    edit((d) => setDuration(d, index, next), { key: `${slideKey}/duration` })
    return next
  }

  return (
    <div className="duration-field control-row">
      <label htmlFor={id} className="control-label">
        Slide duration
      </label>
      <div className="duration-field__control">
        <IconButton
          label="Shorter"
          icon={<Minus size={16} aria-hidden="true" />}
          disabled={duration <= MIN_SLIDE_SECONDS}
          onClick={() => commit(duration - DURATION_STEP)}
        />
        <input
          id={id}
          className="duration-field__input"
          type="number"
          inputMode="decimal"
          min={MIN_SLIDE_SECONDS}
          max={max}
          step={0.1}
          value={text}
          aria-describedby={`${id}-note`}
          onChange={(event) => {
            const value = event.currentTarget.value
            setText(value)
            const seconds = Number(value)
            if (value !== '' && seconds >= MIN_SLIDE_SECONDS && seconds <= max) commit(seconds)
          }}
          onBlur={() => {
            const seconds = Number(text)
            setText(String(text === '' || !Number.isFinite(seconds) ? duration : commit(seconds)))
          }}
        />
        <span className="duration-field__unit" aria-hidden="true">
          s
        </span>
        <IconButton
          label="Longer"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={duration >= max}
          onClick={() => commit(duration + DURATION_STEP)}
        />
      </div>
      <p id={`${id}-note`} className="duration-field__note" aria-live="polite">
        {grown
          ? `${grown.known ? '' : 'about '}${formatSeconds(grown.seconds)} — longer to fit its narration`
          : null}
      </p>
    </div>
  )
}

/**
 * What can be done to the shown slide: duplicate, replace its picture, delete, retime, frame,
 * narrate.
 */
export function SlideActions({ doc, index }: { doc: EditorDoc; index: number }) {
  const [confirming, setConfirming] = useState(false)
  const [picking, setPicking] = useState(false)
  const item = doc.slides[index]
  if (!item) return null
  const only = doc.slides.length <= 1

  function replace(file: MediaFile) {
    setPicking(false)
    // The app learns the file, so its thumbnail and the media list know it.
    const story = useStory.getState()
    if (!story.uploadedFiles.some((f) => f.name === file.name)) {
      story.setUploaded([...story.uploadedFiles, file], story.descriptions)
    }
    edit((d) => replaceMedia(d, index, file.name))
  }

  return (
    <div className="slide-actions">
      <div className="slide-actions__buttons" role="toolbar" aria-label="Slide">
        <IconButton
          label="Duplicate slide"
          variant="soft"
          showLabel
          icon={<Copy size={18} aria-hidden="true" />}
          disabled={!canAddSlides(doc)}
          onClick={() => edit((d) => duplicateSlide(d, index, randomId), { slideIndex: index + 1 })}
        />
        <IconButton
          label="Replace image"
          variant="soft"
          showLabel
          icon={<ImageUp size={18} aria-hidden="true" />}
          onClick={() => setPicking(true)}
        />
        <IconButton
          label={UI_TEXT.deleteSlideTitle}
          variant="soft"
          className="slide-actions__delete"
          showLabel
          icon={<Trash2 size={18} aria-hidden="true" />}
          disabled={only}
          title={only ? 'A video keeps at least one slide' : undefined}
          onClick={() => setConfirming(true)}
        />
      </div>
      {/* Keyed: another slide's field starts from that slide's duration, not from what was typed. */}
      <DurationField key={item.key} doc={doc} index={index} slideKey={item.key} />
      <FramingField doc={doc} index={index} />
      <NarrationField doc={doc} index={index} slideKey={item.key} />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        icon={<Trash2 size={28} aria-hidden="true" />}
        title={UI_TEXT.deleteSlideTitle}
        description={UI_TEXT.deleteSlideText}
        confirmLabel="Delete"
        onConfirm={() =>
          edit((d) => deleteSlide(d, index), {
            slideIndex: Math.min(index, doc.slides.length - 2),
          })
        }
      />
      <MediaPicker
        open={picking}
        onOpenChange={setPicking}
        current={item.slide.filename}
        onPick={replace}
      />
    </div>
  )
}
