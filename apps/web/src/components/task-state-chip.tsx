import { TASK_STATE_LABELS } from '@storyreel/core'
import type { TaskState } from '@storyreel/core'
import { Spinner } from './ui/spinner'
import './task-state-chip.css'

/**
 * A task's state as a coloured pill (TASK_STATE_LABELS); without a state it reads 'Loading'.
 * `busy` swaps the dot for a spinner, for the cards of tasks still in the works.
 */
export function TaskStateChip({ state, busy = false }: { state?: TaskState; busy?: boolean }) {
  if (!state) {
    return (
      <span className="state-chip">
        <Spinner size={12} /> Loading
      </span>
    )
  }
  return (
    <span className={`state-chip state-chip--${state.toLowerCase()}`}>
      {busy ? <Spinner size={12} /> : null}
      {TASK_STATE_LABELS[state]}
    </span>
  )
}
