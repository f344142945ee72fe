import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  durationWithNarration,
  MUSIC_TRACKS,
  DEFAULT_MUSIC_VOLUME,
  NARRATION_TARGET_LUFS,
  VOICES,
  type SpeechSpan,
} from '@storyreel/core'
import { buildMusicSoundtrack, buildNarrationTrack, slideSpans } from '@storyreel/render/server'
import { builtInTrackFile } from '@storyreel/server/src/adapters/music/built-in-music'
import { embeddedVoice } from '@storyreel/server/src/adapters/voice/embedded-voice'
import { editDistance, HARVARD_SENTENCES, normaliseWords, recognise } from './support/wer'

/**
 * bench/music: narration over each built-in track, as the render mixes it (the narration track,
 * the music bed shaped by core's musicEnvelope, levelled as a whole, encoded to AAC like the
 * MP4's sound). Per voice and track: the word error rate of the offline recogniser on the voice
 * alone and over the music (each Harvard sentence cut from the track at the span it is spoken),
 * and the mix's integrated loudness and true peak. Goal: over music within 0.1 of alone.
 *
 *   npm run music -w @storyreel/bench [-- --voices bdl,slt --tracks still-water --volume 0.5]
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

/** Word error rate of the recogniser on each spoken span of a file. */
async function wordErrorRate(file: string, spans: SpeechSpan[], tag: string): Promise<number> {
  let errors = 0
  let words = 0
  for (const [k, span] of spans.entries()) {
    const raw = await cut(file, span, join(OUT, `${tag}-${k}.raw`))
    const ref = normaliseWords(HARVARD_SENTENCES[k]!)
    errors += editDistance(ref, normaliseWords(await recognise(raw)))
    words += ref.length
  }
  return errors / words
}

/** The sound as the MP4 carries it: AAC at the render's bitrate, beside the WAV. */
async function asMp4Sound(wav: string): Promise<string> {
  const m4a = wav.replace(/wav$/, 'm4a')
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-c:a', 'aac', '-b:a', '128k', m4a])
  return m4a
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
const rows: { voice: string; track: string; alone: number; mixed: number }[] = []
console.log(`music volume ${volume}; target ${NARRATION_TARGET_LUFS} LUFS`)
console.log('voice  track         wer alone  wer music  diff   LUFS   dBTP')
for (const voice of voices) {
  // Each sentence narrates a slide of 3 s, stretched to its speech and a pause, as the render does.
  const parts: { file: string; seconds: number }[] = []
  for (const [k, sentence] of HARVARD_SENTENCES.entries()) {
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
  const alone = await wordErrorRate(await asMp4Sound(narration), speech, `${voice}-alone`)
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
    const mixed = await wordErrorRate(m4a, speech, `${voice}-${track}`)
    const level = await loudness(m4a)
    rows.push({ voice, track, alone, mixed })
    console.log(
      `${voice.padEnd(6)} ${track.padEnd(13)} ${alone.toFixed(2).padEnd(10)} ` +
        `${mixed.toFixed(2).padEnd(10)} ${(mixed - alone).toFixed(2).padStart(5)}  ` +
        `${level.integrated.toFixed(1).padEnd(6)} ${level.truePeak.toFixed(1)}`,
    )
  }
}
const diffs = rows.map((r) => r.mixed - r.alone)
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
console.log(
  `mixes ${rows.length}: mean wer alone ${mean(rows.map((r) => r.alone)).toFixed(3)}, ` +
    `over music ${mean(rows.map((r) => r.mixed)).toFixed(3)}, ` +
    `mean diff ${mean(diffs).toFixed(3)}, max diff ${Math.max(...diffs).toFixed(2)} (goal <= 0.10)`,
)
