import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { VOICES } from '@storyreel/core'
import { alignWords } from '@storyreel/server/src/adapters/voice/align-words'
import { decodePcm16k } from '@storyreel/server/src/adapters/voice/audio-codec'
import {
  findPauses,
  sentencePauseErrors,
} from '@storyreel/server/src/adapters/voice/audio-measures'
import { embeddedVoice } from '@storyreel/server/src/adapters/voice/embedded-voice'
import { editDistance, HARVARD_SENTENCES, normaliseWords, recognise } from './support/wer'

/**
 * bench/voices: each offline voice's speed (real-time factor: seconds spent speaking and
 * encoding per second of audio), intelligibility (word error rate of an offline recogniser,
 * pocketsphinx with its US English model, over the first ten Harvard sentences) and word-time
 * accuracy (against the pauses heard between sentences, and against forced alignment). One
 * line a voice, then a summary line.
 */
const OUT = new URL('./out/voices/', import.meta.url).pathname

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? NaN

await mkdir(OUT, { recursive: true })
const engine = embeddedVoice({ ffmpeg: 'ffmpeg', concurrency: 1 })
const ms = (seconds: number) => Math.round(seconds * 1000)
const rows: { rtf: number; wer: number; pause: number[] }[] = []
console.log('voice  rtf    wer    pause error mean/max ms (n)  aligned error median/p90 ms')
for (const { id } of VOICES) {
  let spent = 0
  let audio = 0
  const speak = async (text: string) => {
    const t0 = performance.now()
    const speech = await engine.speak(text, id, { owner: 'bench' })
    spent += (performance.now() - t0) / 1000
    audio += speech.seconds
    const file = join(OUT, `${id}-${audio.toFixed(3)}.mp3`)
    await writeFile(file, speech.mp3)
    return { speech, file }
  }
  let errors = 0
  let words = 0
  for (const sentence of HARVARD_SENTENCES) {
    const { file } = await speak(sentence)
    const raw = file.replace(/mp3$/, 'raw')
    await writeFile(raw, await decodePcm16k(file, 'ffmpeg'))
    const ref = normaliseWords(sentence)
    errors += editDistance(ref, normaliseWords(await recognise(raw)))
    words += ref.length
  }
  // Word times, read in pairs of sentences: the pause between them, and every word aligned.
  const pause: number[] = []
  const aligned: number[] = []
  for (let k = 0; k < HARVARD_SENTENCES.length; k += 2) {
    const text = `${HARVARD_SENTENCES[k]} ${HARVARD_SENTENCES[k + 1]}`
    const { speech, file } = await speak(text)
    const pauses = await findPauses(file, speech.seconds, { noiseDb: -30, minSeconds: 0.1 })
    for (const e of sentencePauseErrors(text, speech.words, pauses, speech.seconds)) {
      pause.push(Math.abs(e.endError), Math.abs(e.startError))
    }
    const words = await alignWords(text, await decodePcm16k(file, 'ffmpeg'))
    words?.forEach((w, i) => aligned.push(Math.abs(w.start - speech.words[i]!.start)))
  }
  const row = { rtf: spent / audio, wer: errors / words, pause }
  rows.push(row)
  const mean = pause.reduce((a, b) => a + b, 0) / pause.length
  const pauseCell = `${ms(mean)}/${ms(Math.max(...pause))} (${pause.length / 2})`
  console.log(
    `${id.padEnd(6)} ${row.rtf.toFixed(3).padEnd(6)} ${row.wer.toFixed(2).padEnd(6)} ` +
      `${pauseCell.padEnd(29)} ${ms(quantile(aligned, 0.5))}/${ms(quantile(aligned, 0.9))}`,
  )
}
const worst = (pick: (r: (typeof rows)[number]) => number) => Math.max(...rows.map(pick))
console.log(
  `voices ${rows.length}: mean wer ${(rows.reduce((s, r) => s + r.wer, 0) / rows.length).toFixed(2)}, ` +
    `max rtf ${worst((r) => r.rtf).toFixed(3)}, ` +
    `max pause error ${ms(worst((r) => Math.max(...r.pause)))} ms`,
)
