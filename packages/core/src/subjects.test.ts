import { describe, expect, it } from 'vitest'
import { ImageDescriptionSchema } from './media-file'
import {
  countedThing,
  DETECTABLE_THINGS,
  mainSubjectBox,
  subjectNames,
  subjectWords,
  unionBox,
  type Subject,
} from './subjects'

const subject = (label: string, score: number, x = 10): Subject => ({
  label,
  score,
  box: { x, y: 10, width: 20, height: 30 },
})

describe('subjectWords', () => {
  it('says what a picture shows as a person would', () => {
    expect(subjectWords([subject('cat', 0.5)])).toBe('a cat')
    expect(subjectWords([subject('boat', 0.5), subject('boat', 0.4)])).toBe('two boats')
    expect(subjectWords([subject('person', 0.5), subject('person', 0.6)])).toBe('two people')
    expect(subjectWords([subject('dog', 0.5), subject('person', 0.7)])).toBe('a person and a dog')
    expect(subjectWords([subject('apple', 0.5)])).toBe('an apple')
    expect(subjectWords([])).toBe('')
  })

  it('names two kinds at most, and many of a kind as many', () => {
    const crowd = Array.from({ length: 12 }, (_, i) => subject('person', 0.5 + i / 100))
    expect(subjectWords([...crowd, subject('dog', 0.4), subject('cat', 0.3)])).toBe(
      'many people and a dog',
    )
    expect(countedThing('sheep', 3)).toBe('three sheep')
  })

  it('knows the 80 things of the detector, each once', () => {
    expect(DETECTABLE_THINGS).toHaveLength(80)
    expect(new Set(DETECTABLE_THINGS.map((t) => t.one)).size).toBe(80)
  })
})

describe('unionBox', () => {
  it('holds every subject', () => {
    expect(unionBox([subject('cat', 0.5, 10), subject('dog', 0.5, 60)])).toEqual({
      x: 10,
      y: 10,
      width: 70,
      height: 30,
    })
    expect(unionBox([])).toBeNull()
  })
})

describe('ImageDescriptionSchema', () => {
  const older = {
    filename: 'a.jpg',
    kind: 'image',
    width: 10,
    height: 10,
    orientation: 'square',
    duration: null,
    dominantColors: [],
    brightness: 0.5,
    sharpness: 0.5,
    focus: { x: 50, y: 50 },
    summary: 'A picture.',
  }

  it('still reads a description made before subjects, and checks the subjects it has', () => {
    expect(ImageDescriptionSchema.parse(older)).toEqual(older)
    const withCat = { ...older, subject: 'a cat', subjects: [subject('cat', 0.5)] }
    expect(ImageDescriptionSchema.parse(withCat)).toEqual(withCat)
    const outside = { ...withCat, subjects: [{ ...subject('cat', 0.5), score: 2 }] }
    expect(ImageDescriptionSchema.safeParse(outside).success).toBe(false)
  })
})

describe('subjectNames and mainSubjectBox', () => {
  it('gives the words a story may name a subject by', () => {
    expect(subjectNames([subject('motorcycle', 0.6)])).toEqual(
      expect.arrayContaining(['motorcycle', 'motorcycles', 'bike']),
    )
    expect(subjectNames([subject('pair of skis', 0.6)])).toEqual(['skis', 'ski', 'skiing'])
    expect(subjectNames(undefined)).toEqual([])
  })

  it('holds the best subject and those found about as surely', () => {
    const box = mainSubjectBox([
      subject('cat', 0.6, 10),
      subject('dog', 0.5, 60),
      subject('cup', 0.3, 80),
    ])
    expect(box).toEqual({ x: 10, y: 10, width: 70, height: 30 })
    expect(mainSubjectBox([])).toBeNull()
  })
})
