import { describe, expect, test } from 'vitest'
import { createdText, isInProgress, progressText } from './task-text'

const task = { subtask: null, positionInQueue: null, progress: null }

test('queued and executing tasks are in progress, the others are settled', () => {
  expect(isInProgress('QUEUED')).toBe(true)
  expect(isInProgress('EXECUTING')).toBe(true)
  expect(isInProgress('FINISHED')).toBe(false)
  expect(isInProgress('CANCELLED')).toBe(false)
  expect(isInProgress('DELETED')).toBe(false)
})

describe('progressText', () => {
  test('a queued task says its place in the queue', () => {
    expect(progressText({ ...task, state: 'QUEUED', positionInQueue: 0 })).toBe('Next in queue')
    expect(progressText({ ...task, state: 'QUEUED', positionInQueue: 2 })).toBe(
      'Position 3 in queue',
    )
  })

  test('an executing task says its step, and how far the frames are', () => {
    expect(progressText({ ...task, state: 'EXECUTING' })).toBe('Rendering')
    expect(
      progressText({ ...task, state: 'EXECUTING', subtask: 'GENERATING_AUDIO', progress: 0 }),
    ).toBe('Generating audio')
    expect(
      progressText({ ...task, state: 'EXECUTING', subtask: 'RENDERING_VIDEO', progress: 41.6 }),
    ).toBe('Rendering video · 42%')
  })

  test('settled tasks have nothing to say', () => {
    expect(progressText({ ...task, state: 'FINISHED' })).toBeNull()
    expect(progressText({ ...task, state: 'CANCELLED' })).toBeNull()
  })
})

describe('createdText', () => {
  const now = new Date(2025, 2, 5, 18, 30)
  const at = (...parts: [number, number, number, number, number]) =>
    new Date(...parts).toISOString()

  test('today and yesterday by name, with the time', () => {
    expect(createdText(at(2025, 2, 5, 14, 5), now, 'en-US')).toMatch(/^Today, 2:05\sPM$/)
    expect(createdText(at(2025, 2, 4, 9, 10), now, 'en-US')).toMatch(/^Yesterday, 9:10\sAM$/)
    expect(createdText(at(2025, 2, 4, 23, 59), new Date(2025, 2, 5, 0, 1), 'en-US')).toMatch(
      /^Yesterday/,
    )
  })

  test('this year without the year, earlier ones with it', () => {
    expect(createdText(at(2025, 0, 20, 14, 5), now, 'en-US')).toMatch(/^Jan 20, 2:05\sPM$/)
    expect(createdText(at(2024, 11, 31, 14, 5), now, 'en-US')).toBe('Dec 31, 2024')
  })

  test('an unreadable date is left out', () => {
    expect(createdText('not a date', now)).toBe('')
  })
})
