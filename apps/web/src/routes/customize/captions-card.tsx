import { CAPTION_SIZE_RANGE, DEFAULT_CAPTIONS } from '@storyreel/core'
import type { CaptionBackground, CaptionPosition, Captions } from '@storyreel/core'
import { Captions as CaptionsIcon } from 'lucide-react'
import { useId } from 'react'
import { Segmented } from '../../components/ui/segmented'
import { Slider } from '../../components/ui/slider'
import { Switch } from '../../components/ui/switch'
import { ColorField } from './color-field'
import { setCaptions } from './editor-doc'
import type { EditorDoc } from './editor-doc'
import { edit } from './editor-store'
import { FontPicker } from './font-picker'

const POSITIONS: { value: CaptionPosition; label: string }[] = [
  { value: 'auto', label: 'Auto' },
  { value: 'top', label: 'Top' },
  { value: 'middle', label: 'Middle' },
  { value: 'bottom', label: 'Bottom' },
]

const BACKGROUNDS: { value: CaptionBackground; label: string }[] = [
  { value: 'outline', label: 'Outline' },
  { value: 'box', label: 'Box' },
]

function change<K extends keyof Captions>(key: K) {
  // A drag of the size or of a colour is one undo step.
  return (value: Captions[K]) =>
    edit((doc) => setCaptions(doc, { [key]: value }), { key: `captions/${key}` })
}

/** What the captions will show, or why they show nothing yet. */
function captionsNote(doc: EditorDoc): string {
  if (doc.movieParams.voice === null)
    return 'Captions follow the narration: choose a voice in Audio.'
  if (!doc.slides.some((s) => s.slide.narration?.trim())) {
    return 'Write a slide’s narration to see its words here.'
  }
  return 'The narration’s words on the video, each one lit as it is spoken.'
}

/**
 * The video's captions: on or off, where and how they look. A section of its own beside the
 * slide, as consumer video editors give captions a tool of their own next to audio: it sits
 * beside the preview on wide screens, so every change shows on the frame at once, where a
 * popover from the footer would cover it.
 */
export function CaptionsCard({ doc }: { doc: EditorDoc }) {
  const titleId = useId()
  const captions: Captions = doc.movieParams.captions ?? DEFAULT_CAPTIONS
  return (
    <section className="editor-card captions-card" aria-labelledby={titleId}>
      <header className="captions-card__head">
        <span className="captions-card__icon">
          <CaptionsIcon size={20} aria-hidden="true" />
        </span>
        <div>
          <h2 id={titleId} className="editor-card__title">
            Captions
          </h2>
          <p className="captions-card__note">{captionsNote(doc)}</p>
        </div>
      </header>
      <Switch label="Show captions" checked={captions.enabled} onChange={change('enabled')} />
      {captions.enabled ? (
        <div className="captions-card__fields">
          <Segmented
            label="Position"
            value={captions.position}
            options={POSITIONS}
            onChange={change('position')}
          />
          {captions.position === 'auto' ? (
            <p className="captions-card__hint">
              At the bottom, or at the top where they would hide who or what a picture shows.
            </p>
          ) : null}
          <Segmented
            label="Style"
            value={captions.background}
            options={BACKGROUNDS}
            onChange={change('background')}
          />
          <Slider
            label="Size"
            value={captions.size}
            min={CAPTION_SIZE_RANGE.min}
            max={CAPTION_SIZE_RANGE.max}
            step={CAPTION_SIZE_RANGE.step}
            format={(value) => `${value} %`}
            onChange={change('size')}
          />
          <FontPicker
            label="Font"
            value={captions.font}
            // The picker offers only the font table's values.
            onChange={(font) => change('font')(font as Captions['font'])}
          />
          <ColorField label="Text color" value={captions.color} onChange={change('color')} />
          <ColorField label="Highlight" value={captions.highlight} onChange={change('highlight')} />
        </div>
      ) : null}
    </section>
  )
}
