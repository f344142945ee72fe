import { describe, expect, it } from 'vitest'
import { description } from './embedded/compose/test-description'
import { visionMessages, visionRegion, withVision } from './vision'

const local = description({
  filename: 'a.jpg',
  summary: 'A softly lit, clear landscape picture in blue tones.',
  calmRegion: { x: 0, y: 66.7, width: 100, height: 33.3, luma: 0.4 },
})

const notes = {
  subject: ' a lighthouse ',
  mood: 'calm',
  summary: 'A lighthouse on a cliff.',
  calmRegion: { x: 0, y: 0, width: 100, height: 30 },
}

describe('visionRegion', () => {
  it('keeps a region inside the picture', () => {
    expect(visionRegion({ x: 80, y: -10, width: 50, height: 40 })).toEqual({
      x: 80,
      y: 0,
      width: 20,
      height: 40,
    })
  })

  it('has none when the model gave none, or one too small to hold text', () => {
    expect(visionRegion(undefined)).toBeUndefined()
    expect(visionRegion({ x: 99, y: 0, width: 50, height: 50 })).toBeUndefined()
    expect(visionRegion({ x: 0, y: 0, width: Number.NaN, height: 50 })).toBeUndefined()
  })
})

describe('withVision', () => {
  it('adds the subject and mood and takes the summary and region the model gave', () => {
    const region = { x: 0, y: 0, width: 100, height: 30, luma: 0.8 }
    expect(withVision(local, notes, region)).toEqual({
      ...local,
      summary: 'A lighthouse on a cliff.',
      subject: 'a lighthouse',
      mood: 'calm',
      calmRegion: region,
    })
  })

  it('keeps the local summary and region where the model left them out', () => {
    const d = withVision(local, { ...notes, summary: '  ', mood: '' }, undefined)
    expect(d.summary).toBe(local.summary)
    expect(d.calmRegion).toEqual(local.calmRegion)
    expect(d).not.toHaveProperty('mood')
  })
})

describe('visionMessages', () => {
  it('sends the picture as a low-detail image part with the idea and what was measured', () => {
    const [system, user] = visionMessages(
      local,
      ' A trip to the coast ',
      'data:image/jpeg;base64,AAAA',
    )
    expect(system!.role).toBe('system')
    expect(user!.content).toEqual([
      {
        type: 'text',
        text: 'The video is about: A trip to the coast\nIt is a landscape picture, 1200x800 pixels.',
      },
      { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAAA', detail: 'low' } },
    ])
  })
})
