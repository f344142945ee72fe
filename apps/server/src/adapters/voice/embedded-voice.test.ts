import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { narrationWords, VOICES, type VoiceId } from '@storyreel/core'
import { decodeSamples, findPauses, medianPitch, sentencePauseErrors } from './audio-measures'
import { embeddedVoice } from './embedded-voice'
import { runSpeechHelper } from './speech-helpers'
import type { Speech } from './voice'

/** The editor's default preview text (SPEC section 5). */
const SENTENCE = 'This is an example message for the selected voice.'
/** Four sentences: every voice pauses between (most of) them. */
const STORY =
  'The river runs north past the old stone bridge. Birds gather on the bank at dawn. ' +
  'A small boat drifts slowly by the mill. Then the whole town wakes up.'

/**
 * Quieter than -30 dB for 100 ms: at -35 dB the breathy ends of Alan's sentences still count
 * as sound, and rms pauses only briefly.
 */
const PAUSE = { noiseDb: -30, minSeconds: 0.1 }

const engine = embeddedVoice({ ffmpeg: 'ffmpeg' })
let dir: string
const spoken = new Map<VoiceId, { sentence: Speech; story: Speech; storyFile: string }>()

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voice-test-'))
  await Promise.all(
    VOICES.map(async ({ id }) => {
      const [sentence, story] = [
        await engine.speak(SENTENCE, id, { owner: 'test' }),
        await engine.speak(STORY, id, { owner: 'test' }),
      ]
      const storyFile = path.join(dir, `${id}.mp3`)
      await writeFile(storyFile, story.mp3)
      spoken.set(id, { sentence, story, storyFile })
    }),
  )
}, 180_000)
afterAll(() => rm(dir, { recursive: true, force: true }))

describe.each(VOICES.map((v) => v.id))('embedded voice %s', (id) => {
  it('speaks the sentence as an MP3 of plausible length', async () => {
    const { sentence } = spoken.get(id)!
    expect(sentence.mp3.subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff[\xe0-\xff])/)
    const file = path.join(dir, `${id}-sentence.mp3`)
    await writeFile(file, sentence.mp3)
    const decoded = (await decodeSamples(file, 16_000)).length / 16_000
    // Nine words at 100 to 250 words a minute, and the length the engine reports is the MP3's.
    expect(decoded).toBeGreaterThan(9 / (250 / 60))
    expect(decoded).toBeLessThan(9 / (100 / 60))
    expect(Math.abs(decoded - sentence.seconds)).toBeLessThan(0.05)
    expect(sentence.words.map((w) => w.text)).toEqual(narrationWords(SENTENCE))
  })

  it('times the words around each pause within 150 ms of the pause in the audio', async () => {
    const { story, storyFile } = spoken.get(id)!
    expect(story.words.map((w) => w.text)).toEqual(narrationWords(STORY))
    const pauses = await findPauses(storyFile, story.seconds, PAUSE)
    const errors = sentencePauseErrors(STORY, story.words, pauses, story.seconds)
    expect(errors.length).toBeGreaterThanOrEqual(2)
    for (const e of errors) {
      expect(Math.abs(e.endError), `end of "${e.before}"`).toBeLessThan(0.15)
      expect(Math.abs(e.startError), `start after "${e.before}"`).toBeLessThan(0.15)
    }
  })
})

it('gives every female voice a clearly higher pitch than every male voice', async () => {
  const pitch = new Map<VoiceId, number>()
  for (const { id } of VOICES) {
    pitch.set(id, medianPitch(await decodeSamples(spoken.get(id)!.storyFile, 8000), 8000))
  }
  const of = (gender: string) =>
    VOICES.filter((v) => v.gender === gender).map((v) => pitch.get(v.id)!)
  expect(Math.min(...of('female'))).toBeGreaterThan(1.2 * Math.max(...of('male')))
})

it('refuses a voice RHVoice lacks rather than speaking with another', async () => {
  const textFile = path.join(dir, 'hello.txt')
  await writeFile(textFile, 'Hello.')
  const wavFile = path.join(dir, 'hello.wav')
  await expect(runSpeechHelper('rhvoice-speak', 'nobody', textFile, wavFile)).rejects.toThrow(
    /unknown RHVoice voice: nobody/,
  )
})
