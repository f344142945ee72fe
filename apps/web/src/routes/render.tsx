import {
  FINAL_TASK_STATES,
  TASK_STATE_LABELS,
  TASK_SUBTASK_LABELS,
  TIMINGS,
  TaskSubtaskSchema,
  UI_TEXT,
  RATIOS,
  compositionDuration,
  tasksApi,
} from '@storyreel/core'
import type { Task } from '@storyreel/core'
import { useQuery } from '@tanstack/react-query'
import { Ban, Check, Download, Film, Plus, RotateCcw, Trash2, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { PageHeader } from '../components/page-header'
import { TaskStateChip } from '../components/task-state-chip'
import { Timeline } from '../components/timeline'
import { Button, buttonClass } from '../components/ui/button'
import { Spinner } from '../components/ui/spinner'
import { toast } from '../components/ui/toast'
import { VideoPlayer } from '../components/video-player'
import { apiUrl } from '../config'
import { ApiError, callApi } from '../lib/api'
import { useVideoDownload } from '../lib/download-video'
import { formatLength } from '../lib/format'
import { useStory } from '../lib/store'
import { useNarratedComposition } from './customize/use-narrated-composition'
import './render.css'

const TITLES: Record<Task['state'], string> = {
  QUEUED: 'Waiting for its turn',
  EXECUTING: 'Creating your video',
  FINISHED: 'Your video is ready',
  CANCELLED: UI_TEXT.renderCancelled,
  DELETED: UI_TEXT.renderDeleted,
}

const SUBTASKS = TaskSubtaskSchema.options

/** No such task for this user, or an id that cannot be one: polling would never find it. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

function useTask(taskId: string) {
  return useQuery({
    queryKey: ['task', taskId],
    queryFn: () => callApi(tasksApi.get, { params: { id: taskId } }),
    // Every 2 s until the task can no longer change; failed checks are shown and polling goes on,
    // except for a task that does not exist.
    refetchInterval: (query) => {
      const state = query.state.data?.state
      if (state && FINAL_TASK_STATES.includes(state)) return false
      if (isMissing(query.state.error)) return false
      return TIMINGS.renderPollMs
    },
    refetchIntervalInBackground: true,
    retry: false,
  })
}

function Progress({ task }: { task: Task }) {
  if (task.state === 'QUEUED') {
    const ahead = task.positionInQueue ?? 0
    return (
      <div className="render-status__detail">
        <p className="render-status__big">
          Position in queue: <strong>{ahead + 1}</strong>
        </p>
        <p className="render-status__muted">
          {ahead === 0
            ? 'Your video is next. It starts in a moment.'
            : `${ahead} ${ahead === 1 ? 'video is' : 'videos are'} ahead of yours.`}
        </p>
      </div>
    )
  }
  if (task.state !== 'EXECUTING') return null
  const percent = Math.round(task.progress ?? 0)
  const current = task.subtask ? SUBTASKS.indexOf(task.subtask) : 0
  return (
    <div className="render-status__detail">
      <div className="render-status__progress-head">
        <span>
          {task.subtask ? TASK_SUBTASK_LABELS[task.subtask] : TASK_STATE_LABELS.EXECUTING}
        </span>
        <strong>{percent}%</strong>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Render progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="progress__bar" style={{ width: `${Math.max(percent, 3)}%` }} />
      </div>
      <ol className="subtasks">
        {SUBTASKS.map((subtask, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo'
          return (
            <li key={subtask} className={`subtasks__item subtasks__item--${state}`}>
              <span className="subtasks__dot" aria-hidden="true">
                {state === 'done' ? (
                  <Check size={12} strokeWidth={3} />
                ) : state === 'current' ? (
                  <Spinner size={12} />
                ) : null}
              </span>
              {TASK_SUBTASK_LABELS[subtask]}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/**
 * How long the video lasts: once finished, as rendered (the server's answer); while it renders,
 * as the editor timed the composition it sent (the same length, narration included); else
 * unknown.
 */
function useVideoSeconds(taskId: string, task: Task | undefined): number | null {
  const sentFromHere = useStory((state) => state.taskId) === taskId
  const { composition } = useNarratedComposition()
  if (task?.videoSeconds != null) return task.videoSeconds
  const rendering = task?.state === 'QUEUED' || task?.state === 'EXECUTING'
  return rendering && sentFromHere && composition ? compositionDuration(composition) : null
}

export function Component() {
  const { taskId = '' } = useParams()
  const task = useTask(taskId)
  const composition = useStory((state) => state.composition)
  const ratio = useStory((state) => state.ratio)
  const download = useVideoDownload(taskId)

  const { errorUpdateCount, error } = task
  useEffect(() => {
    // A missing video is said on the page itself.
    if (errorUpdateCount > 0 && !isMissing(error)) toast.error(UI_TEXT.failedRenderStatus)
  }, [errorUpdateCount, error])

  const data = task.data
  const seconds = useVideoSeconds(taskId, data)
  const size = composition?.movieParams ?? (ratio ? RATIOS[ratio] : RATIOS['16:9'])
  const aspect = `${size.width} / ${size.height}`
  const portrait = size.height > size.width

  const state = data?.state
  const missing = !data && isMissing(task.error)
  const title = state ? TITLES[state] : missing ? 'Video not found' : 'Checking your video'
  const ended = state === 'CANCELLED' || state === 'DELETED'
  // An ended render without a picture, or no render at all, needs no empty stage.
  const showStage = !missing && !(ended && !data?.thumbnailUrl)
  const layout = !showStage
    ? 'render__layout render__layout--single'
    : portrait
      ? 'render__layout render__layout--portrait'
      : 'render__layout'

  return (
    <div className="render">
      <title>{`${title} · Storyreel`}</title>
      <Timeline current="render" />
      <PageHeader title={title} />

      <div className={layout}>
        {showStage ? (
          <div className="render__stage" style={{ aspectRatio: aspect }}>
            {state === 'FINISHED' ? (
              <VideoPlayer
                taskId={taskId}
                className="render__video"
                poster={data?.thumbnailUrl ? apiUrl(data.thumbnailUrl) : undefined}
                // No voice, no narration to caption; without the composition, ask anyway.
                captions={data?.composition?.movieParams.voice !== null}
                label="Your video"
              />
            ) : (
              <>
                {data?.thumbnailUrl ? (
                  <img className="render__thumb" src={apiUrl(data.thumbnailUrl)} alt="" />
                ) : (
                  <span className="render__placeholder" aria-hidden="true" />
                )}
                <span className="render__stage-icon" aria-hidden="true">
                  {state === 'CANCELLED' ? (
                    <Ban size={34} />
                  ) : state === 'DELETED' ? (
                    <Trash2 size={34} />
                  ) : (
                    <span className="render__pulse">
                      <Film size={30} />
                    </span>
                  )}
                </span>
              </>
            )}
          </div>
        ) : null}

        <section className="render-status card" aria-live="polite" aria-label="Render status">
          {missing ? null : (
            <div className="render-status__head">
              <TaskStateChip state={data?.state} />
              {seconds !== null ? (
                <span className="render-status__length">
                  Length <strong>{formatLength(seconds)}</strong>
                </span>
              ) : null}
            </div>
          )}

          {task.isError ? (
            <p className="render-status__error" role="alert">
              <TriangleAlert size={18} aria-hidden="true" />
              {missing
                ? 'There is no video at this address. It may have been deleted, or the link is incomplete.'
                : UI_TEXT.failedRenderStatus}
            </p>
          ) : null}

          {missing ? (
            <Link to="/queue" className={buttonClass('secondary', 'lg', 'btn--block')}>
              See your videos
            </Link>
          ) : null}

          {data ? <Progress task={data} /> : null}

          {state === 'FINISHED' ? (
            <div className="render-status__actions">
              <p className="render-status__muted">Watch it here, or save it to share anywhere.</p>
              <Button
                size="lg"
                block
                onClick={download.download}
                loading={download.pending}
                icon={<Download size={20} aria-hidden="true" />}
              >
                Download
              </Button>
              <Link to="/format" className={buttonClass('secondary', 'lg', 'btn--block')}>
                <Plus size={20} aria-hidden="true" />
                Create another video
              </Link>
            </div>
          ) : null}

          {ended ? (
            <div className="render-status__actions">
              <div className="render-status__ended">
                <span className="render-status__ended-icon" aria-hidden="true">
                  {state === 'CANCELLED' ? <Ban size={24} /> : <Trash2 size={24} />}
                </span>
                <p className="render-status__muted">
                  {state === 'CANCELLED'
                    ? (data?.error ?? 'The render stopped before your video was finished.')
                    : 'This video is no longer available.'}
                </p>
              </div>
              {composition ? (
                <Link to="/customize" className={buttonClass('primary', 'lg', 'btn--block')}>
                  <RotateCcw size={20} aria-hidden="true" />
                  Back to your story
                </Link>
              ) : null}
              <Link
                to="/format"
                className={buttonClass(composition ? 'secondary' : 'primary', 'lg', 'btn--block')}
              >
                <Plus size={20} aria-hidden="true" />
                Create a new video
              </Link>
            </div>
          ) : null}

          {state === 'QUEUED' || state === 'EXECUTING' ? (
            <p className="render-status__hint">
              You can leave this page. Your video keeps rendering.
            </p>
          ) : null}
        </section>
      </div>
    </div>
  )
}
