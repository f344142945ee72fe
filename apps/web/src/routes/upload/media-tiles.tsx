import { ImagePlus, Plus, Video, X } from 'lucide-react'
import { mediaCount, type Tile } from './upload-tiles'

/** The page before any file: one big button to pick some. */
export function Dropzone({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="dropzone" onClick={onClick}>
      <span className="dropzone__icon" aria-hidden="true">
        <ImagePlus size={30} />
      </span>
      <span className="dropzone__title">Choose photos or clips</span>
      <span className="dropzone__hint">
        PNG, JPG, WEBP, GIF or MP4 · up to 50 MB each
        <span className="dropzone__drag"> · or drop them here</span>
      </span>
    </button>
  )
}

export interface MediaTilesProps {
  tiles: Tile[]
  /** While composing, no file may be removed. */
  disabled: boolean
  onAdd(): void
}

/** The story's files in the order they play, each removable, and a tile to add more. */
export function MediaTiles({ tiles, disabled, onAdd }: MediaTilesProps) {
  return (
    <section aria-labelledby="upload-files-title">
      <div className="upload__count">
        <h2 id="upload-files-title" className="upload__count-title">
          Your media
        </h2>
        <span className="upload__count-text">{mediaCount(tiles)}</span>
      </div>
      <ul className="tile-grid">
        {tiles.map((tile, index) => (
          <MediaTile key={tile.key} tile={tile} index={index} disabled={disabled} />
        ))}
        <li>
          <button type="button" className="media-tile media-tile--add" onClick={onAdd}>
            <Plus size={26} aria-hidden="true" />
            <span>Upload More</span>
          </button>
        </li>
      </ul>
    </section>
  )
}

function MediaTile({ tile, index, disabled }: { tile: Tile; index: number; disabled: boolean }) {
  return (
    <li className="media-tile">
      {tile.kind === 'video' ? (
        <video
          className="media-tile__media"
          src={`${tile.src}#t=0.1`}
          muted
          playsInline
          preload="metadata"
          aria-label={tile.label}
        />
      ) : (
        <img className="media-tile__media" src={tile.src} alt={tile.label} />
      )}
      <span className="media-tile__index" aria-hidden="true">
        {index + 1}
      </span>
      {tile.kind === 'video' ? (
        <span className="media-tile__kind" aria-hidden="true">
          <Video size={14} />
        </span>
      ) : null}
      <button
        type="button"
        className="media-tile__remove"
        aria-label={`Remove ${tile.label}`}
        onClick={tile.remove}
        disabled={disabled}
      >
        <X size={16} strokeWidth={2.5} aria-hidden="true" />
      </button>
    </li>
  )
}
