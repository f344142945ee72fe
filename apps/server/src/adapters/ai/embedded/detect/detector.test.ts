import { execFile } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { ImageDescriptionSchema } from '@storyreel/core'
import { DEFAULT_TOOLS } from '@storyreel/render/server'
import { PHOTOS_DIR } from '../../../../../test/media-fixtures'
import { decodePicture, describeMedia } from '../analyze-media'
import { detectSubjects, stopDetector } from './detector'

afterAll(() => stopDetector())

const run = promisify(execFile)

const photo = (name: string) => path.join(PHOTOS_DIR, name)
const describePhoto = (name: string) => describeMedia(photo(name), name, 'image', DEFAULT_TOOLS)

describe('the offline detector, on real photographs', () => {
  it.each([
    ['cat.jpg', 'a cat', 'cat'],
    ['astronaut.jpg', 'a person', 'person'],
    ['coffee.jpg', 'a cup', 'cup'],
    ['motorcycle.jpg', 'a motorcycle', 'motorcycle'],
    ['kite.jpg', 'a kite', 'kite'],
    ['evening-glow.jpg', 'three boats', 'boat'],
  ])(
    'names what %s shows: %s',
    async (name, words, label) => {
      const d = await describePhoto(name)
      expect(ImageDescriptionSchema.parse(d)).toEqual(d)
      expect(d.subject).toBe(words)
      expect(d.subjects![0]!.label).toBe(label)
      expect(d.summary).toContain(`of ${words}`)
    },
    60_000,
  )

  it('puts each box where the thing is', async () => {
    // The kite flies right of centre, a little above the middle; it is small.
    const [kite] = (await describePhoto('kite.jpg')).subjects!
    expect(kite!.box.x).toBeGreaterThan(55)
    expect(kite!.box.x + kite!.box.width).toBeLessThan(80)
    expect(kite!.box.y).toBeGreaterThan(20)
    expect(kite!.box.y + kite!.box.height).toBeLessThan(50)
    // The astronaut fills the left of the frame, the shuttle's model on the right is no person.
    const [person] = (await describePhoto('astronaut.jpg')).subjects!
    expect(person!.box.x).toBeLessThan(10)
    expect(person!.box.width).toBeGreaterThan(50)
    expect(person!.box.x + person!.box.width).toBeLessThan(85)
  }, 60_000)

  it('describes a picture where it finds nothing as before: colours and light only', async () => {
    const d = await describePhoto('path.jpg')
    expect(d.subjects).toBeUndefined()
    expect(d.subject).toBeUndefined()
    expect(d.summary).toMatch(/^A [a-z ,]+ picture in [a-z ]+ tones\.$/)
  }, 60_000)

  it('gives no subjects when the detector runs out of time, and still works afterwards', async () => {
    const { picture, size } = await decodePicture(photo('kite.jpg'))
    expect(await detectSubjects(picture, size, { timeoutMs: 1 })).toEqual([])
    const again = await detectSubjects(picture, size)
    expect(again.map((s) => s.label)).toEqual(['kite'])
  }, 60_000)

  it('refuses a file that is not a picture', async () => {
    const file = path.join(tmpdir(), `not-a-picture-${process.pid}.jpg`)
    await writeFile(file, 'hello')
    await expect(decodePicture(file)).rejects.toThrow()
  })

  it('names what a clip shows, from the still the analysis looks at', async () => {
    // Two seconds of the cat, filmed still, at 640x426 in H.264 as a phone would keep it.
    const clip = path.join(tmpdir(), `cat-clip-${process.pid}.mp4`)
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-loop', '1', '-i', photo('cat.jpg'), '-t', '2'],
      ...['-vf', 'scale=640:-2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
    ])
    try {
      const d = await describeMedia(clip, 'cat.mp4', 'video', DEFAULT_TOOLS)
      expect(ImageDescriptionSchema.parse(d)).toEqual(d)
      expect(d.subject).toBe('a cat')
      expect(d.summary).toContain('video clip of a cat')
      // The camera looks where the cat is: its box's centre.
      const [cat] = d.subjects!
      expect(d.focus.x).toBeCloseTo(cat!.box.x + cat!.box.width / 2, 0)
    } finally {
      await rm(clip, { force: true })
    }
  }, 60_000)
})
