import { EFFECTS, EFFECT_LABELS, newEffect } from '@storyreel/core'
import type { Effect, EffectName } from '@storyreel/core'
import { Plus } from 'lucide-react'
import { Menu, MenuItem } from '../../components/ui/menu'
import { randomId } from '../../lib/random-id'
import { addEffect, canAddEffect } from './editor-doc'
import type { EditorSlide } from './editor-doc'
import { edit, openEffect } from './editor-store'
import { EffectIcon } from './effect-icons'

/** Each effect's name on its button: its label, numbered from the second of a kind ('Text 2'). */
export function effectTitles(effects: readonly Effect[]): string[] {
  const seen = new Map<EffectName, number>()
  return effects.map((effect) => {
    const count = (seen.get(effect.name) ?? 0) + 1
    seen.set(effect.name, count)
    const label = EFFECT_LABELS[effect.name]
    return count === 1 ? label : `${label} ${count}`
  })
}

/** Brings the opened panel into view (on a phone it opens below the fold), after it renders. */
function revealPanel() {
  requestAnimationFrame(() =>
    document.querySelector('.effect-panel')?.scrollIntoView({
      block: 'nearest',
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    }),
  )
}

/** The slide's effects as icon buttons that open their panels, and the Add effect menu. */
export function EffectBar({
  slide,
  slideIndex,
  effectIndex,
}: {
  slide: EditorSlide
  slideIndex: number
  effectIndex: number | null
}) {
  const effects = slide.slide.effects
  const titles = effectTitles(effects)
  const full = !canAddEffect(slide.slide)
  return (
    <div className="effect-bar" role="toolbar" aria-label="Effects">
      {effects.map((effect, index) => (
        <button
          key={slide.effects[index]?.key ?? index}
          type="button"
          className="effect-chip"
          aria-label={titles[index]}
          aria-pressed={effectIndex === index}
          title={titles[index]}
          onClick={() => {
            const open = effectIndex !== index
            openEffect(open ? index : null)
            if (open) revealPanel()
          }}
        >
          <EffectIcon name={effect.name} size={18} />
          <span className="effect-chip__text" aria-hidden="true">
            {titles[index]}
          </span>
        </button>
      ))}
      <Menu
        label="Effects to add"
        trigger={
          <button
            type="button"
            className="effect-chip effect-chip--add"
            aria-label="Add effect"
            title={full ? 'This slide has as many effects as it can hold' : 'Add effect'}
            disabled={full}
          >
            <Plus size={18} aria-hidden="true" />
            <span className="effect-chip__text" aria-hidden="true">
              Add effect
            </span>
          </button>
        }
      >
        {EFFECTS.map(({ name, label }) => (
          <MenuItem
            key={name}
            onSelect={() => {
              edit((doc) => addEffect(doc, slideIndex, newEffect(name), randomId()), {
                effectIndex: effects.length,
              })
              revealPanel()
            }}
          >
            <EffectIcon name={name} size={18} />
            {label}
          </MenuItem>
        ))}
      </Menu>
    </div>
  )
}
