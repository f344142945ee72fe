import { describe, expect, it } from 'vitest'
import {
  CANCEL_REASONS,
  CancelReasonSchema,
  COUNTED_CANCEL_REASONS,
  FINAL_TASK_STATES,
  TASK_STATE_LABELS,
  TASK_SUBTASK_LABELS,
  TaskStateSchema,
  TaskSubtaskSchema,
} from './task'

describe('task states', () => {
  it('are QUEUED, EXECUTING, FINISHED, CANCELLED and DELETED', () => {
    expect(TaskStateSchema.options).toEqual([
      'QUEUED',
      'EXECUTING',
      'FINISHED',
      'CANCELLED',
      'DELETED',
    ])
  })

  it('end with FINISHED, CANCELLED and DELETED (polling stops)', () => {
    expect([...FINAL_TASK_STATES].sort()).toEqual(['CANCELLED', 'DELETED', 'FINISHED'])
  })

  it('each have a label', () => {
    for (const state of TaskStateSchema.options) expect(TASK_STATE_LABELS[state]).toBeTruthy()
  })
})

describe('subtasks', () => {
  it('are labelled as the spec says, in order', () => {
    expect(TaskSubtaskSchema.options.map((s) => TASK_SUBTASK_LABELS[s])).toEqual([
      'Awaiting execution',
      'Processing composition',
      'Generating audio',
      'Rendering video',
    ])
  })
})

describe('cancel reasons', () => {
  it('each read as a fixed sentence; those of our faults do not count', () => {
    for (const reason of CancelReasonSchema.options) {
      expect(CANCEL_REASONS[reason].text).toMatch(/^[A-Z].*\.$/)
    }
    expect(COUNTED_CANCEL_REASONS).toEqual(['time_limit', 'media_missing'])
  })
})
