import type { Composition } from '@storyreel/core'
import { describe, expect, test } from 'vitest'
import { fromComposition, moveSlide, toComposition } from './editor-doc'
import { createHistory, record } from './history'
import { fromSaved, toSaved, type Entry } from './saved-history'

const composition: Composition = {
  movieParams: { width: 1080, height: 1920, voice: 'bdl' },
  composition: ['a', 'b', 'c'].map((id) => ({
    id,
    filename: `${id}.png`,
    duration: 3,
    effects: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 150 } }],
  })),
}

let n = 0
const newKey = () => `k${n++}`

/** Three steps: the composition, then two moves; the present is the last. */
function edited() {
  const first: Entry = { doc: fromComposition(composition, newKey), slideIndex: 0 }
  const second: Entry = { doc: moveSlide(first.doc, 0, 2), slideIndex: 2 }
  const third: Entry = { doc: moveSlide(second.doc, 0, 1), slideIndex: 1 }
  return record(record(createHistory(first), second), third)
}

/** What a reload goes through: JSON in storage, and the present read back by the schema. */
const throughStorage = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown

describe('the saved undo history', () => {
  test('comes back after a reload with its steps, keys and shown slides', () => {
    const history = edited()
    const present = toComposition(history.present.doc)
    const opened: Entry = { doc: fromComposition(present, newKey), slideIndex: 0 }
    const back = fromSaved(throughStorage(toSaved(history)), present, opened, newKey)!
    expect(back.present).toBe(opened)
    expect(back.past.map((e) => toComposition(e.doc))).toEqual(
      history.past.map((e) => toComposition(e.doc)),
    )
    expect(back.past.map((e) => e.doc.slides.map((s) => s.key))).toEqual(
      history.past.map((e) => e.doc.slides.map((s) => s.key)),
    )
    expect(back.past.map((e) => e.slideIndex)).toEqual([0, 2])
  })

  test('belongs to one composition: another one opens with a fresh history', () => {
    const saved = throughStorage(toSaved(edited()))
    const opened: Entry = { doc: fromComposition(composition, newKey), slideIndex: 0 }
    expect(fromSaved(saved, composition, opened, newKey)).toBeNull()
    expect(fromSaved({ present: 'x', past: 'nope' }, composition, opened, newKey)).toBeNull()
    expect(fromSaved(null, composition, opened, newKey)).toBeNull()
  })

  test('keeps the newest past steps when asked to keep fewer', () => {
    const saved = toSaved(edited(), 1)
    expect(saved.past).toHaveLength(1)
    expect(saved.past[0]!.slideIndex).toBe(2)
  })
})
