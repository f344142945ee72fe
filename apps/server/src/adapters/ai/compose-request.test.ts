import { describe, expect, it } from 'vitest'
import { API_PREFIX, EFFECT_NAMES, FONTS, uploadUrl, type ImageDescription } from '@storyreel/core'
import { aiParamNames, composeMessages, compositionAnswerSchema } from './compose-request'
import { strictJsonSchema } from './strict-json-schema'

describe('the composition the model is asked for', () => {
  it('offers every effect, without the params it cannot judge', () => {
    expect(aiParamNames('zoom')).toEqual(['zoomStart', 'zoomEnd'])
    const text = aiParamNames('animated_text')
    expect(text).toContain('text')
    expect(text).toContain('textEnd')
    for (const pixels of ['scaledFontSize', 'width', 'height']) expect(text).not.toContain(pixels)
    expect(aiParamNames('pan')).toEqual([])
  })

  it('names the described files as an enum and the fonts by their stored values', () => {
    const schema = JSON.stringify(strictJsonSchema(compositionAnswerSchema(['a.png', 'b.mp4'])))
    expect(schema).toContain('"enum":["a.png","b.mp4"]')
    expect(schema).toContain(JSON.stringify(FONTS.map((f) => f.value)))
    for (const name of EFFECT_NAMES) expect(schema).toContain(`"enum":["${name}"]`)
  })

  it('tells the model the idea and what was found in each file, not the library URLs', () => {
    const d: ImageDescription = {
      filename: 'a.png',
      kind: 'image',
      width: 10,
      height: 10,
      orientation: 'square',
      duration: null,
      dominantColors: ['#000000'],
      brightness: 0.2,
      sharpness: 0.1,
      focus: { x: 50, y: 50 },
      summary: 'A lighthouse.',
      subject: 'a lighthouse',
      mood: 'calm',
      mediaFile: {
        name: 'a.png',
        path: uploadUrl('a.png'),
        type: 'image',
        compressedUrl: null,
        isExternalProvider: false,
        videoPath: null,
        lastModified: '2024-01-01T00:00:00.000Z',
      },
    }
    const [, user] = composeMessages([d], ' Our trip ', '9:16')
    const sent = JSON.parse(user!.content as string) as {
      idea: string
      format: string
      files: object[]
    }
    expect(sent.idea).toBe('Our trip')
    expect(sent.format).toBe('9:16 (tall, vertical phone screen)')
    expect(sent.files[0]).toMatchObject({
      filename: 'a.png',
      subject: 'a lighthouse',
      mood: 'calm',
    })
    expect(user!.content).not.toContain(`${API_PREFIX}/`)
  })
})
