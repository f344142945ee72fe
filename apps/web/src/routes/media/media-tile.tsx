import { Check, CircleAlert, ImageOff, Play } from 'lucide-react'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner'
import { formatSeconds } from '../../lib/format'
import type { SaveState } from './store-selection'

export interface MediaTileProps {
  /** The accessible name: what the item is. */
  label: string
  /** The small preview; null when there is none (shown as a placeholder). */
  src: string | null
  kind: 'image' | 'video'
  /** A clip's file, played muted while the pointer rests on the tile. */
  videoSrc?: string | null
  /** Its place in the selection, from 1; 0 when not chosen. */
  position: number
  onToggle: () => void
  disabled?: boolean
  /** Where the item is on its way into the library, once 'Use selected' started. */
  saveState?: SaveState
  /** Shown over the bottom of the tile (the stock credit). */
  footer?: ReactNode
  /** A button of its own beside the tile's (delete). */
  action?: ReactNode
  /** For tests and debugging: the item's file name. */
  name: string
}

const SAVE_LABEL: Record<SaveState, string> = {
  saving: 'Saving',
  saved: 'Saved',
  failed: 'Could not be saved',
}

/**
 * One item of a selectable grid: a toggle button (Space or Enter from the keyboard) showing the
 * preview, a numbered check when chosen, and for clips a badge and a muted preview on hover.
 */
export function MediaTile({
  label,
  src,
  kind,
  videoSrc,
  position,
  onToggle,
  disabled,
  saveState,
  footer,
  action,
  name,
}: MediaTileProps) {
  const [loaded, setLoaded] = useState(false)
  const [broken, setBroken] = useState(false)
  const [previewing, setPreviewing] = useState(false)
  const [seconds, setSeconds] = useState<number | null>(null)
  const selected = position > 0

  return (
    <li
      className="pick"
      data-name={name}
      data-selected={selected || undefined}
      data-loaded={loaded || broken || undefined}
      data-save={saveState}
    >
      <button
        type="button"
        className="pick__button"
        aria-pressed={selected}
        aria-label={label}
        disabled={disabled}
        onClick={onToggle}
        // A mouse resting on a clip plays it; a touch is a tap that chooses it.
        onPointerEnter={(event) => setPreviewing(event.pointerType === 'mouse' && !!videoSrc)}
        onPointerLeave={() => setPreviewing(false)}
      >
        <span className="pick__frame">
          {src && !broken ? (
            <img
              className="pick__media"
              src={src}
              alt=""
              loading="lazy"
              decoding="async"
              draggable={false}
              onLoad={() => setLoaded(true)}
              onError={() => setBroken(true)}
            />
          ) : (
            <span className="pick__placeholder">
              <ImageOff size={22} aria-hidden="true" />
            </span>
          )}
          {previewing && videoSrc ? (
            <video
              className="pick__media pick__preview"
              src={videoSrc}
              muted
              autoPlay
              loop
              playsInline
              preload="none"
              onLoadedMetadata={(event) => setSeconds(event.currentTarget.duration || null)}
            />
          ) : null}
        </span>
        {kind === 'video' ? (
          <span className="pick__badge" aria-hidden="true">
            <Play size={11} fill="currentColor" />
            {seconds ? formatSeconds(seconds) : 'Video'}
          </span>
        ) : null}
        <span className="pick__check" aria-hidden="true">
          {selected ? position : <Check size={14} strokeWidth={3} />}
        </span>
        {saveState ? (
          <span className="pick__save" role="status" aria-label={SAVE_LABEL[saveState]}>
            {saveState === 'saving' ? (
              <Spinner size={22} />
            ) : saveState === 'saved' ? (
              <Check size={20} strokeWidth={3} aria-hidden="true" />
            ) : (
              <CircleAlert size={20} aria-hidden="true" />
            )}
          </span>
        ) : null}
      </button>
      {footer ? <div className="pick__footer">{footer}</div> : null}
      {action ? <div className="pick__action">{action}</div> : null}
    </li>
  )
}
