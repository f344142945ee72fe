import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { HEARTBEAT_EVERY_MS } from '../liveness'
import { startHeartbeat } from './heartbeat'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

it('writes one beat at a time, each with the newest values, none queued twice', async () => {
  const written: number[] = []
  let release = () => {}
  const beat = async (at: { progress: number }) => {
    written.push(at.progress)
    await new Promise<void>((resolve) => (release = resolve))
    return null
  }
  const heartbeat = startHeartbeat(beat, { progress: 0 }, () => {})
  await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS)
  // The first write hangs; two more beats come due meanwhile, with newer values.
  heartbeat.values.progress = 10
  await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS)
  heartbeat.values.progress = 20
  await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS)
  expect(written).toEqual([0])
  release()
  await vi.advanceTimersByTimeAsync(0)
  expect(written).toEqual([0, 20])
  release()
  await heartbeat.stop()
  expect(written).toEqual([0, 20])
})

it('writes at once when asked, and stops once the write under way has ended', async () => {
  const written: string[] = []
  const heartbeat = startHeartbeat(
    async (at: { subtask: string }) => {
      written.push(at.subtask)
      return null
    },
    { subtask: 'PROCESSING_COMPOSITION' },
    () => {},
  )
  heartbeat.values.subtask = 'GENERATING_AUDIO'
  await heartbeat.beatNow()
  expect(written).toEqual(['GENERATING_AUDIO'])
  await heartbeat.stop()
  await vi.advanceTimersByTimeAsync(5 * HEARTBEAT_EVERY_MS)
  expect(written).toEqual(['GENERATING_AUDIO'])
})

it('aborts with the reason a beat gives once the work is no longer its own', async () => {
  const gone = new Error('deleted')
  let own = true
  const heartbeat = startHeartbeat(
    async () => (own ? null : gone),
    {},
    () => {},
  )
  await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS)
  expect(heartbeat.signal.aborted).toBe(false)
  own = false
  await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS)
  expect(heartbeat.signal.reason).toBe(gone)
  await heartbeat.stop()
})

it('only reports a failed write, and beats again at the next beat', async () => {
  const failures: unknown[] = []
  let calls = 0
  const heartbeat = startHeartbeat(
    async () => {
      calls++
      if (calls === 1) throw new Error('connection reset')
      return null
    },
    {},
    (err) => failures.push(err),
  )
  await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_EVERY_MS)
  expect(failures).toHaveLength(1)
  expect(calls).toBe(2)
  expect(heartbeat.signal.aborted).toBe(false)
  await heartbeat.stop()
})
