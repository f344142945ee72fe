import { Check } from 'lucide-react'
import { Button } from '../../components/ui/button'

/** A chosen item as the bar shows it: a small picture. */
export interface ChosenThumbnail {
  key: string
  src: string | null
}

/**
 * The bar under a selectable grid: how many are chosen, 'Go back', and the button that uses them.
 * It sticks to the bottom of the screen on phones (above the tab bar) and floats on desktops.
 */
export function SelectionBar({
  selection,
  useLabel,
  onUse,
  onBack,
  onClear,
  busy,
  busyLabel,
}: {
  /** The chosen items, in the order they were chosen. */
  selection: readonly ChosenThumbnail[]
  useLabel: string
  onUse: () => void
  onBack: () => void
  onClear: () => void
  busy: boolean
  /** Says how far the work is while busy ('Saving 1 of 3…'). */
  busyLabel?: string
}) {
  const count = selection.length
  return (
    <div className="sticky-bar media-bar" data-empty={count === 0 || undefined}>
      <div className="media-bar__summary">
        {count > 0 ? (
          <span className="media-bar__thumbs" aria-hidden="true">
            {selection
              .slice(-3)
              .map((item) =>
                item.src ? (
                  <img key={item.key} src={item.src} alt="" />
                ) : (
                  <span key={item.key} className="media-bar__thumb-blank" />
                ),
              )}
          </span>
        ) : (
          <span className="media-bar__none" aria-hidden="true">
            <Check size={16} strokeWidth={3} />
          </span>
        )}
        <span className="media-bar__count" aria-live="polite">
          {count === 0 ? 'Nothing selected' : `${count} selected`}
        </span>
        {count > 0 && !busy ? (
          <button type="button" className="link-button media-bar__clear" onClick={onClear}>
            Clear
          </button>
        ) : null}
      </div>
      <div className="media-bar__actions">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Go back
        </Button>
        <Button onClick={onUse} loading={busy} className="media-bar__use">
          {busy && busyLabel ? busyLabel : useLabel}
        </Button>
      </div>
    </div>
  )
}
