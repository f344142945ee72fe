import { UI_TEXT } from '@storyreel/core'
import type { Task } from '@storyreel/core'
import { Ban, Download, Play, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { TaskStateChip } from '../../components/task-state-chip'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { IconButton } from '../../components/ui/icon-button'
import { Spinner } from '../../components/ui/spinner'
import { useVideoDownload } from '../../lib/download-video'
import { formatLength } from '../../lib/format'
import type { PlayingVideo } from './player-dialog'
import { useDeleteTask, useThumbnailUrl } from './queries'
import { createdText, isInProgress, progressText } from './task-text'

/**
 * One video of the grid: its thumbnail, state and date. A finished one plays in the modal player
 * and can be downloaded; any other opens its render page. Every one can be deleted.
 */
export function VideoCard({ task, onPlay }: { task: Task; onPlay: (video: PlayingVideo) => void }) {
  const thumbnail = useThumbnailUrl(task)
  const [aspect, setAspect] = useState<number | null>(null)
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteTask(task.id)
  const download = useVideoDownload(task.id)

  const finished = task.state === 'FINISHED'
  const busy = isInProgress(task.state)
  const when = createdText(task.createdAt)
  const detail = progressText(task) ?? (finished ? 'Ready to watch' : (task.error ?? ''))
  const percent =
    task.state === 'EXECUTING' && task.subtask === 'RENDERING_VIDEO'
      ? Math.round(task.progress ?? 0)
      : null

  return (
    <article
      className={remove.isPending ? 'video-card video-card--leaving' : 'video-card'}
      aria-label={`Video, ${when}`}
      aria-busy={busy || undefined}
      data-task-id={task.id}
    >
      {/* Stretched over the card: anywhere on it plays or opens the video. */}
      {finished ? (
        <button
          type="button"
          className="video-card__open"
          aria-label="Play video"
          onClick={() => onPlay({ taskId: task.id, when, aspect, poster: thumbnail })}
        />
      ) : (
        <Link className="video-card__open" to={`/render/${task.id}`} aria-label="Open video" />
      )}

      <div className="video-card__media">
        {thumbnail ? (
          <>
            <img className="video-card__backdrop" src={thumbnail} alt="" />
            <img
              className="video-card__thumb"
              src={thumbnail}
              alt=""
              onLoad={(event) => {
                const { naturalWidth, naturalHeight } = event.currentTarget
                if (naturalHeight > 0) setAspect(naturalWidth / naturalHeight)
              }}
            />
          </>
        ) : (
          <span className="video-card__placeholder" />
        )}
        <span className="video-card__badge">
          <TaskStateChip state={task.state} busy={busy} />
        </span>
        {task.videoSeconds !== null ? (
          <span className="video-card__length">
            <span className="visually-hidden">Length </span>
            {formatLength(task.videoSeconds)}
          </span>
        ) : null}
        <span className="video-card__glyph" aria-hidden="true">
          {finished ? (
            <Play size={24} fill="currentColor" />
          ) : busy ? (
            <Spinner size={26} />
          ) : (
            <Ban size={24} />
          )}
        </span>
        {task.state !== 'DELETED' ? (
          <IconButton
            className="video-card__action video-card__delete"
            label="Delete video"
            variant="overlay"
            icon={remove.isPending ? <Spinner size={16} /> : <Trash2 size={18} />}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          />
        ) : null}
        {percent !== null ? (
          <span className="video-card__progress" aria-hidden="true">
            <span style={{ width: `${Math.max(percent, 3)}%` }} />
          </span>
        ) : null}
      </div>

      <div className="video-card__body">
        <div className="video-card__text">
          <time className="video-card__when" dateTime={task.createdAt}>
            {when}
          </time>
          <p className="video-card__detail" title={detail}>
            {detail}
          </p>
        </div>
        {finished ? (
          <IconButton
            className="video-card__action"
            label="Download video"
            icon={download.pending ? <Spinner size={16} /> : <Download size={18} />}
            disabled={download.pending}
            onClick={download.download}
          />
        ) : null}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        icon={<Trash2 size={28} aria-hidden="true" />}
        title={UI_TEXT.deleteVideoTitle}
        description="Are you sure you want to delete this video? You will no longer be able to watch or download it. This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => remove.mutate()}
      />
    </article>
  )
}
