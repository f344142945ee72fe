import { describe, expect, it } from 'vitest'
import { MediaMissing, MusicUnusable } from '../task-media'
import { runOutcome, RunStopped } from './run-outcome'

const runId = 'run-1'
const run = {
  runId,
  timedOut: false,
  shuttingDown: false,
  attempt: { retryCount: 0, retryLimit: 2 },
}
const owned = { state: 'EXECUTING' as const, runId }
const failure = new Error('ffmpeg exited with code 1')

describe('runOutcome', () => {
  it('removes the files of a task its owner deleted, whatever stopped the run', () => {
    expect(runOutcome(new RunStopped('deleted'), run, owned)).toBe('deleted')
    expect(runOutcome(failure, run, { state: 'DELETED', runId })).toBe('deleted')
    expect(runOutcome(failure, { ...run, timedOut: true }, { state: 'DELETED', runId })).toBe(
      'deleted',
    )
  })

  it('leaves a task that another run owns, or that is gone, to whoever has it', () => {
    expect(runOutcome(failure, run, { state: 'EXECUTING', runId: 'run-2' })).toBe('taken-over')
    expect(
      runOutcome(failure, { ...run, timedOut: true }, { state: 'EXECUTING', runId: null }),
    ).toBe('taken-over')
    expect(runOutcome(failure, run, null)).toBe('taken-over')
    expect(runOutcome(new RunStopped('taken-over'), run, owned)).toBe('taken-over')
  })

  it('ends a run past its time limit at once, even on the last attempt or at shutdown', () => {
    expect(runOutcome(failure, { ...run, timedOut: true }, owned)).toBe('time-limit')
    const late = { ...run, timedOut: true, shuttingDown: true }
    expect(runOutcome(failure, late, owned)).toBe('time-limit')
  })

  it('hands the task back at shutdown, even when its media is missing', () => {
    expect(runOutcome(failure, { ...run, shuttingDown: true }, owned)).toBe('handed-back')
    const missing = new MediaMissing('media file a.jpg is missing')
    expect(runOutcome(missing, { ...run, shuttingDown: true }, owned)).toBe('handed-back')
  })

  it('ends a run missing its media without retry: no retry brings it back', () => {
    expect(runOutcome(new MediaMissing('media file a.jpg is missing'), run, owned)).toBe(
      'media-missing',
    )
  })

  it('ends a run whose music is gone or unplayable without retry, under its own reason', () => {
    const unplayable = new MusicUnusable('music file a.mp3 unplayable')
    expect(runOutcome(unplayable, run, owned)).toBe('music-unusable')
    expect(runOutcome(unplayable, { ...run, shuttingDown: true }, owned)).toBe('handed-back')
  })

  it('retries a failed run while its job has retries left, then gives up', () => {
    const attempt = (retryCount: number) => ({ ...run, attempt: { retryCount, retryLimit: 2 } })
    expect(runOutcome(failure, attempt(0), owned)).toBe('will-retry')
    expect(runOutcome(failure, attempt(1), owned)).toBe('will-retry')
    expect(runOutcome(failure, attempt(2), owned)).toBe('failed')
  })
})
