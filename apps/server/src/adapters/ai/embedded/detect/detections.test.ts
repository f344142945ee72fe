import { describe, expect, it } from 'vitest'
import { subjectsFrom } from './detections'

const row = (x1: number, y1: number, x2: number, y2: number, score: number, cls: number) => [
  x1,
  y1,
  x2,
  y2,
  score,
  cls,
]

describe('subjectsFrom', () => {
  it('takes boxes out of the letterbox into percent of the picture', () => {
    // A 2:1 picture fills 512x256 of the square, 128 px of black above and below it.
    const rows = new Float32Array(row(256, 128, 512, 384, 0.8, 15))
    expect(subjectsFrom(rows, { width: 2000, height: 1000 }, 512)).toEqual([
      { label: 'cat', score: 0.8, box: { x: 50, y: 0, width: 50, height: 100 } },
    ])
  })

  it('clips boxes reaching into the black edges to the picture', () => {
    const rows = new Float32Array(row(-20, 100, 100, 400, 0.6, 0))
    const [s] = subjectsFrom(rows, { width: 2000, height: 1000 }, 512)
    expect(s!.box).toEqual({ x: 0, y: 0, width: 19.5, height: 100 })
  })

  it('drops weak, tiny, unknown and repeated detections, most confident first', () => {
    const rows = new Float32Array([
      ...row(0, 0, 100, 100, 0.3, 15), // weak
      ...row(0, 0, 5, 5, 0.9, 15), // tiny
      ...row(0, 0, 200, 200, 0.9, 80), // no such class
      ...row(300, 300, 500, 500, 0.5, 8),
      ...row(0, 0, 200, 200, 0.7, 8),
      ...row(5, 5, 200, 200, 0.6, 8), // the same boat again
    ])
    const found = subjectsFrom(rows, { width: 1000, height: 1000 }, 512)
    expect(found.map((s) => [s.label, s.score])).toEqual([
      ['boat', 0.7],
      ['boat', 0.5],
    ])
    expect(subjectsFrom(rows, { width: 1000, height: 1000 }, 512, 0.25)).toHaveLength(3)
  })
})
