import { TASK_STATE_LABELS, TASK_SUBTASK_LABELS } from '@storyreel/core'
import type { Task, TaskState } from '@storyreel/core'

/** Tasks that can still change: their cards show a spinner and the page keeps polling. */
export function isInProgress(state: TaskState): boolean {
  return state === 'QUEUED' || state === 'EXECUTING'
}

/** What a task in the works is doing: its place in the queue, or its step and how far it got. */
export function progressText(
  task: Pick<Task, 'state' | 'subtask' | 'positionInQueue' | 'progress'>,
) {
  if (task.state === 'QUEUED') {
    const ahead = task.positionInQueue ?? 0
    return ahead === 0 ? 'Next in queue' : `Position ${ahead + 1} in queue`
  }
  if (task.state !== 'EXECUTING') return null
  const step = task.subtask ? TASK_SUBTASK_LABELS[task.subtask] : TASK_STATE_LABELS.EXECUTING
  // Only the frames are counted: before them the percentage would sit at 0.
  return task.subtask === 'RENDERING_VIDEO' ? `${step} · ${Math.round(task.progress ?? 0)}%` : step
}

const DAY_MS = 24 * 60 * 60 * 1000

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

/**
 * When a video was made, as a card says it: 'Today, 2:05 PM', 'Yesterday, 9:10 AM', 'Mar 5,
 * 2:05 PM' this year, 'Mar 5, 2024' before. Empty for a date that cannot be read.
 */
export function createdText(iso: string, now = new Date(), locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const time = date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS)
  if (days === 0) return `Today, ${time}`
  if (days === 1) return `Yesterday, ${time}`
  if (date.getFullYear() === now.getFullYear()) {
    return `${date.toLocaleDateString(locale, { month: 'short', day: 'numeric' })}, ${time}`
  }
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' })
}
