import { mediaApi } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { useQuery } from '@tanstack/react-query'
import { Check, Film, ImageOff } from 'lucide-react'
import { Dialog } from '../../components/ui/dialog'
import { Spinner } from '../../components/ui/spinner'
import { callApi } from '../../lib/api'
import { thumbnailSrc } from './slide-thumbnail'

export const uploadsKey = ['uploads'] as const

/**
 * The user's uploads (GET /web/tasks/user/uploads), to show another one on a slide. `current` is
 * the slide's file, marked as chosen.
 */
export function MediaPicker({
  open,
  onOpenChange,
  current,
  onPick,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  current: string
  onPick: (file: MediaFile) => void
}) {
  const uploads = useQuery({
    queryKey: uploadsKey,
    queryFn: () => callApi(mediaApi.listUploads, { query: { compressed: 'true' } }),
    enabled: open,
    staleTime: 10_000,
  })
  const files = uploads.data ?? []
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Replace image"
      description="Choose one of your uploads to show on this slide. Its effects stay."
    >
      {uploads.isPending ? (
        <div className="media-picker__state">
          <Spinner size={24} />
          <span>Loading your uploads…</span>
        </div>
      ) : uploads.isError ? (
        <div className="media-picker__state" role="alert">
          <ImageOff size={24} aria-hidden="true" />
          <span>{uploads.error.message}</span>
        </div>
      ) : (
        <ul className="media-picker" aria-label="Your uploads">
          {files.map((file, index) => {
            const chosen = file.name === current
            return (
              <li key={file.name}>
                <button
                  type="button"
                  className="media-picker__item"
                  data-file={file.name}
                  aria-pressed={chosen}
                  aria-label={`${file.type === 'video' ? 'Clip' : 'Picture'} ${index + 1}`}
                  onClick={() => onPick(file)}
                >
                  <img src={thumbnailSrc(file.name, [file])} alt="" loading="lazy" />
                  {file.type === 'video' ? (
                    <span className="media-picker__clip" aria-hidden="true">
                      <Film size={12} />
                    </span>
                  ) : null}
                  {chosen ? (
                    <span className="media-picker__chosen" aria-hidden="true">
                      <Check size={16} strokeWidth={3} />
                    </span>
                  ) : null}
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </Dialog>
  )
}
