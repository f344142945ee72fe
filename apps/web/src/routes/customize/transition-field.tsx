import * as ToggleGroup from '@radix-ui/react-toggle-group'
import { DEFAULT_TRANSITION, TRANSITION_SLIDER, TRANSITIONS } from '@storyreel/core'
import type { MediaFile, Slide, Transition, TransitionType } from '@storyreel/core'
import { useId } from 'react'
import type { CSSProperties } from 'react'
import { Slider } from '../../components/ui/slider'
import { useStory } from '../../lib/store'
import { setTransition } from './editor-doc'
import { edit, showSlide } from './editor-store'
import { thumbnailSrc } from './slide-thumbnail'
import { TransitionIcon } from './transition-icons'
import type { SlideFieldProps } from './slide-field'

const FIELD_ID = 'transition-field'

/**
 * Shows slide `index` and brings its transition picker into view, its chosen type focused: what a
 * tap between two thumbnails of the strip does.
 */
export function openTransitionField(index: number): void {
  showSlide(index)
  requestAnimationFrame(() => {
    const field = document.getElementById(FIELD_ID)
    field?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    field?.querySelector<HTMLElement>('[data-state="on"]')?.focus({ preventScroll: true })
  })
}

/** The slide's transition as the picker shows it: a slide without one meets the next in a cut. */
export function shownTransition(slide: Slide): Transition {
  return slide.transition ?? { type: 'cut', duration: DEFAULT_TRANSITION.duration }
}

/** A slide's thumbnail as a CSS background: a picture's small copy, a clip's still frame. */
function background(filename: string, files: readonly MediaFile[]) {
  return `url("${thumbnailSrc(filename, files)}")`
}

/**
 * How the shown slide turns into the next: a picker of the types, each tile a small picture of
 * the two slides meeting that way, and the length for those that take time. Each choice is one
 * undo step, and so is each drag of the length. Nothing follows the last slide: no picker.
 */
export function TransitionField({ doc, index, slideKey }: SlideFieldProps) {
  const titleId = useId()
  const files = useStory((state) => state.uploadedFiles)
  const slide = doc.slides[index]?.slide
  const next = doc.slides[index + 1]?.slide
  if (!slide || !next) return null
  const current = shownTransition(slide)
  const choose = (type: TransitionType) =>
    edit((d) => setTransition(d, index, { ...current, type }))
  const pictures = {
    '--from': background(slide.filename, files),
    '--to': background(next.filename, files),
  } as CSSProperties

  return (
    <section id={FIELD_ID} className="transition-field" aria-labelledby={titleId}>
      <h3 id={titleId} className="editor-card__subtitle">
        Transition to slide {index + 2}
      </h3>
      <ToggleGroup.Root
        type="single"
        className="transition-picker"
        aria-label={`Transition to slide ${index + 2}`}
        value={current.type}
        onValueChange={(type) => {
          // Clicking the chosen one again would clear it: a choice stays made.
          if (type) choose(type as TransitionType)
        }}
      >
        {TRANSITIONS.map(({ type, label }) => (
          <ToggleGroup.Item key={type} value={type} className="transition-picker__item">
            <span className="transition-picker__thumb" data-type={type} style={pictures}>
              <span className="transition-picker__from" />
              <span className="transition-picker__to" />
              <span className="transition-picker__icon">
                <TransitionIcon type={type} size={16} />
              </span>
            </span>
            <span className="transition-picker__label">{label}</span>
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      {current.type === 'cut' ? null : (
        <Slider
          label="Length"
          value={current.duration}
          min={TRANSITION_SLIDER.min}
          max={TRANSITION_SLIDER.max}
          step={TRANSITION_SLIDER.step}
          format={(seconds) => `${seconds.toFixed(1)} s`}
          onChange={(duration) =>
            edit((d) => setTransition(d, index, { ...current, duration }), {
              key: `${slideKey}/transition-length`,
            })
          }
        />
      )}
    </section>
  )
}
