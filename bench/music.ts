import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  durationWithNarration,
  MUSIC_MIX,
  MUSIC_TRACKS,
  DEFAULT_MUSIC_VOLUME,
  NARRATION_TARGET_LUFS,
  VOICES,
  type SpeechSpan,
} from '@storyreel/core'
import { buildMusicSoundtrack, buildNarrationTrack, slideSpans } from '@storyreel/render/server'
import { builtInTrackFile } from '@storyreel/server/src/adapters/music/built-in-music'
import { embeddedVoice } from '@storyreel/server/src/adapters/voice/embedded-voice'
import {
  editDistance,
  HARVARD_LISTS,
  normaliseWords,
  recognise,
  werDifference,
  type SentenceErrors,
} from './support/wer'

/**
 * bench/music: narration over each built-in track, as the render mixes it (the narration track,
 * the music bed shaped by core's musicEnvelope, levelled as a whole, encoded to AAC like the
 * MP4's sound). Per voice and track: the word error rate of the offline recogniser on the voice
 * alone and over the music (each Harvard sentence cut from the track at the span it is spoken),
 * the difference with its 95% interval over the sentences, and the mix's integrated loudness
 * and true peak. Goal: over music within 0.1 of alone.
 *
 * The recogniser moves by about 0.05 on 80 words from a change no one hears (half a dB of gain),
 * so the bench reads three lists (240 words) and prints the interval. Per voice it also reads the
 * voice over steady pink noise at the level the ducked bed plays under speech: what the
 * recogniser loses to any sound that quiet, music or not.
 *
 *   npm run music -w @storyreel/bench [-- --voices bdl,slt --tracks still-water --volume 0.5
 *     --lists 3]
 */
const run = promisify(execFile)
const OUT = new URL('./out/music/', import.meta.url).pathname

function option(name: string): string | undefined {
  const k = process.argv.indexOf(`--${name}`)
  return k >= 0 ? process.argv[k + 1] : undefined
}
const voices = VOICES.map((v) => v.id).filter(
  (id) => option('voices')?.split(',').includes(id) ?? true,
)
const tracks = MUSIC_TRACKS.map((t) => t.id).filter(
  (id) => option('tracks')?.split(',').includes(id) ?? true,
)
const volume = Number(option('volume') ?? DEFAULT_MUSIC_VOLUME)
const sentences = HARVARD_LISTS.slice(0, Number(option('lists') ?? 3)).flat()

/** 16 kHz mono PCM of [start, end) of a file, what the recogniser reads. */
async function cut(file: string, span: SpeechSpan, to: string): Promise<string> {
  await run('ffmpeg', [
    ...[
      '-v',
      'error',
      '-y',
      '-ss',
      span.start.toFixed(3),
      '-t',
      (span.end - span.start).toFixed(3),
    ],
    ...['-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', to],
  ])
  return to
}

/**
 * The recogniser's errors on each spoken span of a file, one sentence a span; one recogniser per
 * core at a time (each is single-threaded and reads a few seconds).
 */
async function sentenceErrors(
  file: string,
  spans: SpeechSpan[],
  tag: string,
): Promise<SentenceErrors[]> {
  const found: SentenceErrors[] = []
  let next = 0
  const worker = async () => {
    for (let k = next++; k < spans.length; k = next++) {
      const raw = await cut(file, spans[k]!, join(OUT, `${tag}-${k}.raw`))
      const ref = normaliseWords(sentences[k]!)
      found[k] = {
        errors: editDistance(ref, normaliseWords(await recognise(raw))),
        words: ref.length,
      }
    }
  }
  await Promise.all(Array.from({ length: availableParallelism() }, worker))
  return found
}

const rate = (found: readonly SentenceErrors[]) =>
  found.reduce((s, x) => s + x.errors, 0) / found.reduce((s, x) => s + x.words, 0)

/** The sound as the MP4 carries it: AAC at the render's bitrate, beside the WAV. */
async function asMp4Sound(wav: string): Promise<string> {
  const m4a = wav.replace(/wav$/, 'm4a')
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-c:a', 'aac', '-b:a', '128k', m4a])
  return m4a
}

/**
 * The voice over steady pink noise at `lufs`, levelled and encoded like a mix: whether the
 * recogniser loses words to the bed's music or to any sound at the bed's level.
 */
async function overNoise(narration: string, lufs: number, total: number): Promise<string> {
  const noise = narration.replace(/narration\.wav$/, 'pink.wav')
  const source = `anoisesrc=color=pink:amplitude=0.1:seed=1:r=48000:d=${total.toFixed(3)}`
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, noise])
  const gain = lufs - (await loudness(noise)).integrated
  const wav = narration.replace(/narration\.wav$/, 'noise.wav')
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-i', narration, '-i', noise],
    ...['-filter_complex', `[1:a]volume=${gain.toFixed(2)}dB[n];[0:a][n]amix=inputs=2:normalize=0`],
    wav,
  ])
  return asMp4Sound(wav)
}

async function loudness(file: string) {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostats', '-i', file],
    ...['-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
  ])
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'))
  return {
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]),
  }
}

await mkdir(OUT, { recursive: true })
const engine = embeddedVoice({ ffmpeg: 'ffmpeg', concurrency: 1 })
// Under speech the bed plays its level, the user's volume and the duck under the voice.
const bedUnderSpeech =
  NARRATION_TARGET_LUFS + MUSIC_MIX.bedDb + 20 * Math.log10(volume) - MUSIC_MIX.duckDb
const rows: { voice: string; track: string; alone: number; mixed: number; high: number }[] = []
const interval = (d: { diff: number; low: number; high: number }) =>
  `${d.diff.toFixed(2).padStart(5)} [${d.low.toFixed(2)}, ${d.high.toFixed(2)}]`.padEnd(22)
console.log(
  `music volume ${volume}; target ${NARRATION_TARGET_LUFS} LUFS; ${sentences.length} sentences; ` +
    `noise at the ducked bed's ${bedUnderSpeech.toFixed(1)} LUFS`,
)
console.log('voice  track         wer alone  wer music  diff [95%]             LUFS   dBTP')
for (const voice of voices) {
  // Each sentence narrates a slide of 3 s, stretched to its speech and a pause, as the render does.
  const parts: { file: string; seconds: number }[] = []
  for (const [k, sentence] of sentences.entries()) {
    const speech = await engine.speak(sentence, voice, { owner: 'bench' })
    const file = join(OUT, `${voice}-${k}.mp3`)
    await writeFile(file, speech.mp3)
    parts.push({ file, seconds: speech.seconds })
  }
  const slides = slideSpans(parts.map((p) => durationWithNarration(3, p.seconds)))
  const total = slides.at(-1)!.end
  const speech = parts.map((p, k) => ({
    start: slides[k]!.start,
    end: slides[k]!.start + p.seconds,
  }))
  const narration = join(OUT, `${voice}-narration.wav`)
  await buildNarrationTrack({
    parts: parts.map((p, k) => ({ file: p.file, ...slides[k]! })),
    total,
    outFile: narration,
  })
  // The voice alone as a video without music carries it: AAC at the render's bitrate.
  const alone = await sentenceErrors(await asMp4Sound(narration), speech, `${voice}-alone`)
  const line = (track: string, mixed: SentenceErrors[], level: string) =>
    console.log(
      `${voice.padEnd(6)} ${track.padEnd(13)} ${rate(alone).toFixed(2).padEnd(10)} ` +
        `${rate(mixed).toFixed(2).padEnd(10)} ${interval(werDifference(alone, mixed))} ${level}`,
    )
  if (volume > 0) {
    const noisy = await overNoise(narration, bedUnderSpeech, total)
    line('(pink noise)', await sentenceErrors(noisy, speech, `${voice}-noise`), '')
  }
  for (const track of tracks) {
    const wav = join(OUT, `${voice}-${track}.wav`)
    await buildMusicSoundtrack({
      music: { file: await builtInTrackFile(track), volume, integrated: NARRATION_TARGET_LUFS },
      narration,
      speech,
      total,
      outFile: wav,
    })
    const m4a = await asMp4Sound(wav)
    const mixed = await sentenceErrors(m4a, speech, `${voice}-${track}`)
    const level = await loudness(m4a)
    const d = werDifference(alone, mixed)
    rows.push({ voice, track, alone: rate(alone), mixed: rate(mixed), high: d.high })
    line(track, mixed, `${level.integrated.toFixed(1).padEnd(6)} ${level.truePeak.toFixed(1)}`)
  }
}
const diffs = rows.map((r) => r.mixed - r.alone)
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
console.log(
  `mixes ${rows.length}: mean wer alone ${mean(rows.map((r) => r.alone)).toFixed(3)}, ` +
    `over music ${mean(rows.map((r) => r.mixed)).toFixed(3)}, ` +
    `mean diff ${mean(diffs).toFixed(3)}, max diff ${Math.max(...diffs).toFixed(2)} (goal <= 0.10), ` +
    `pairs within 0.10: ${diffs.filter((d) => d <= 0.1).length}, ` +
    `whose interval is under 0.10: ${rows.filter((r) => r.high < 0.1).length}`,
)
