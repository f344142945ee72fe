import type { MediaFile } from '@storyreel/core'
import { RotateCcw, Trash2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { IconButton } from '../../components/ui/icon-button'
import { apiUrl } from '../../config'
import { creditOf, tileLabel } from './credit'
import { MediaTile } from './media-tile'
import { positionOf } from './selection'
import type { Selection } from './selection'
import type { SaveState } from './store-selection'
import { useLoadMore } from './use-load-more'
import type { MediaList } from './use-media-list'

/** Placeholders while a page loads: tiles of the grid's own size, so nothing moves. */
export function SkeletonTiles({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={`skeleton-${index}`} className="pick pick--skeleton" aria-hidden="true" />
  ))
}

/** Placeholders for a whole tab while its first page loads. */
export function GridSkeleton({ count }: { count: number }) {
  return (
    <ul className="tile-grid" aria-busy="true" aria-label="Loading media">
      <SkeletonTiles count={count} />
    </ul>
  )
}

/** A stock item's credit: 'Photo by X on Unsplash', each name a link. */
function StockCredit({ file }: { file: MediaFile }) {
  const credit = creditOf(file)
  if (!credit) return null
  const link = (text: string, href: string | null) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      text
    )
  return (
    <p className="pick__credit">
      {/* Phones' small tiles keep the names, and drop these words from view only. */}
      <span className="pick__credit-by">{credit.kind} by </span>
      {link(credit.author, credit.authorUrl)} on {link(credit.site, credit.siteUrl)}
    </p>
  )
}

/**
 * The tab's items as a multi-select grid; the stock tabs load their next page as the end of the
 * grid comes near. `onDelete` offers a delete on each item (the user's own uploads).
 */
export function MediaGrid({
  label,
  list,
  selection,
  onToggle,
  saveStates,
  busy,
  onDelete,
}: {
  label: string
  list: MediaList
  selection: Selection<MediaFile>
  onToggle: (file: MediaFile) => void
  saveStates: Record<string, SaveState>
  busy: boolean
  onDelete?: (file: MediaFile) => void
}) {
  const { items, hasMore, loadingMore, moreFailed } = list
  const endRef = useLoadMore(list.loadMore, items.length)

  return (
    <>
      <ul className="tile-grid" aria-label={label} aria-busy={loadingMore || undefined}>
        {items.map((file, index) => {
          const name = tileLabel(file, index)
          return (
            <MediaTile
              key={file.name}
              name={file.name}
              label={name}
              kind={file.type}
              // Uploads' previews are API paths (owner only); the providers' are their own URLs.
              src={file.compressedUrl ? apiUrl(file.compressedUrl) : null}
              videoSrc={file.videoPath ? apiUrl(file.videoPath) : null}
              position={positionOf(selection, file.name)}
              onToggle={() => onToggle(file)}
              disabled={busy}
              saveState={saveStates[file.name]}
              footer={file.isExternalProvider ? <StockCredit file={file} /> : undefined}
              action={
                onDelete ? (
                  <IconButton
                    label={`Delete ${name}`}
                    variant="overlay"
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    disabled={busy}
                    onClick={() => onDelete(file)}
                  />
                ) : undefined
              }
            />
          )
        })}
        {loadingMore ? <SkeletonTiles count={6} /> : null}
      </ul>
      {hasMore && !loadingMore && !moreFailed ? (
        <div ref={endRef} className="tile-grid__end" aria-hidden="true" />
      ) : null}
      {moreFailed ? (
        <div className="tile-grid__more" role="alert">
          <span>{list.error?.message}</span>
          <Button
            variant="secondary"
            size="sm"
            icon={<RotateCcw size={16} aria-hidden="true" />}
            onClick={list.retry}
          >
            Try again
          </Button>
        </div>
      ) : null}
    </>
  )
}
