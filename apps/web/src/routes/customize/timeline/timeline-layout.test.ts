import { describe, expect, test } from 'vitest'
import {
  headAt,
  keyStep,
  rulerLabel,
  rulerStep,
  rulerTicks,
  spans,
  videoTime,
} from './timeline-layout'

describe('timeline layout', () => {
  test('slides follow one another, each as long as it plays', () => {
    expect(spans([2, 3.5, 1])).toEqual([
      { start: 0, seconds: 2 },
      { start: 2, seconds: 3.5 },
      { start: 5.5, seconds: 1 },
    ])
    expect(spans([])).toEqual([])
  })

  test('the video time and the playhead convert both ways', () => {
    const durations = [2, 3.5, 1]
    expect(videoTime(durations, { slideIndex: 1, t: 1 })).toBe(3)
    expect(headAt(durations, 3)).toEqual({ slideIndex: 1, t: 1 })
    // A boundary starts the next slide; the end is the last slide's end.
    expect(headAt(durations, 2)).toEqual({ slideIndex: 1, t: 0 })
    expect(headAt(durations, 6.5)).toEqual({ slideIndex: 2, t: 1 })
    // Outside the video, held to it.
    expect(headAt(durations, -4)).toEqual({ slideIndex: 0, t: 0 })
    expect(headAt(durations, 99)).toEqual({ slideIndex: 2, t: 1 })
    expect(headAt(durations, Number.NaN)).toEqual({ slideIndex: 0, t: 0 })
  })

  test('the ruler labels sit far enough apart to read', () => {
    expect(rulerStep(100)).toBe(1)
    expect(rulerStep(20)).toBe(5)
    expect(rulerStep(200)).toBe(0.5)
    expect(rulerStep(0.01)).toBe(120)
    expect(rulerTicks(5.5, 2)).toEqual([0, 2, 4])
    expect(rulerTicks(4, 2)).toEqual([0, 2, 4])
    expect(rulerLabel(5)).toBe('0:05')
    expect(rulerLabel(90)).toBe('1:30')
    expect(rulerLabel(2.5)).toBe('0:02.5')
  })

  test('arrows move a tenth of a second, a second with Shift; other keys nothing', () => {
    expect(keyStep('ArrowRight', false)).toBe(0.1)
    expect(keyStep('ArrowLeft', true)).toBe(-1)
    expect(keyStep('Enter', false)).toBeNull()
  })
})
