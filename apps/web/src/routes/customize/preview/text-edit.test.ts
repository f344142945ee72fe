import { TEXT_BOX_MIN } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { arrowStep, changedParams, clampSide, moveText, resizeText } from './text-edit'

const at = (sx: number, sy: number, ex: number, ey: number) => ({
  startPositionX: sx,
  startPositionY: sy,
  endPositionX: ex,
  endPositionY: ey,
})

describe('moveText', () => {
  it('shifts start and end by the same delta, so the box moves where it is now', () => {
    expect(moveText(at(50, 50, 60, 40), 10, -5)).toEqual(at(60, 45, 70, 35))
  })

  it('stops where either end would leave 0-100 %, keeping the path', () => {
    expect(moveText(at(50, 50, 60, 40), 80, -90)).toEqual(at(90, 10, 100, 0))
    expect(moveText(at(50, 50, 60, 40), -80, 90)).toEqual(at(0, 100, 10, 90))
  })

  it('lets text that starts off-screen come in but not go further out', () => {
    expect(moveText(at(-20, 50, 50, 50), -10, 0)).toEqual(at(-20, 50, 50, 50))
    expect(moveText(at(-20, 50, 50, 50), 30, 0)).toEqual(at(10, 50, 80, 50))
  })

  it('rounds to hundredths', () => {
    expect(moveText(at(50, 50, 50, 50), 1 / 3, 2 / 3)).toEqual(at(50.33, 50.67, 50.33, 50.67))
  })
})

describe('resizeText', () => {
  const movie = { width: 1080, height: 1920 }

  it('grows the box from its right edge: the centre moves by half', () => {
    const { size, position } = resizeText(
      at(50, 50, 50, 50),
      { width: 400, height: 100 },
      108,
      0,
      movie,
    )
    expect(size).toEqual({ width: 508, height: 100 })
    expect(position).toEqual(at(55, 50, 55, 50))
  })

  it('leaves the side not dragged as it is', () => {
    const { size, position } = resizeText(
      at(50, 50, 50, 50),
      { width: 400.4, height: 100.6 },
      20,
      0,
      movie,
    )
    expect(size).toEqual({ width: 420, height: 100.6 })
    expect(position.startPositionY).toBe(50)
  })

  it('grows from the corner in both directions', () => {
    const { size, position } = resizeText(
      at(50, 50, 50, 50),
      { width: 400, height: 100 },
      0,
      192,
      movie,
    )
    expect(size).toEqual({ width: 400, height: 292 })
    expect(position).toEqual(at(50, 55, 50, 55))
  })

  it('keeps the box at least TEXT_BOX_MIN and at most the movie', () => {
    const small = resizeText(at(50, 50, 50, 50), { width: 400, height: 100 }, -1000, -1000, movie)
    expect(small.size).toEqual({ width: TEXT_BOX_MIN.width, height: TEXT_BOX_MIN.height })
    const large = resizeText(at(50, 50, 50, 50), { width: 400, height: 100 }, 5000, 5000, movie)
    expect(large.size).toEqual(movie)
  })
})

describe('clampSide', () => {
  it('clamps to whole pixels within the bounds', () => {
    expect(clampSide(10.4, 50, 100)).toBe(50)
    expect(clampSide(70.6, 50, 100)).toBe(71)
    expect(clampSide(170, 50, 100)).toBe(100)
    // A movie smaller than the minimum still gets the minimum.
    expect(clampSide(10, 50, 40)).toBe(50)
  })
})

describe('arrowStep', () => {
  it('moves 1 % a press, 10 % with Shift', () => {
    expect(arrowStep('ArrowLeft', false)).toEqual([-1, 0])
    expect(arrowStep('ArrowDown', true)).toEqual([0, 10])
    expect(arrowStep('Enter', false)).toBeNull()
  })
})

describe('changedParams', () => {
  it('keeps only what changed', () => {
    expect(changedParams({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 })).toEqual({ b: 3, c: 4 })
  })
})
