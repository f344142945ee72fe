import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { WordTiming } from '@storyreel/core'

/**
 * Measures of spoken audio taken from the sound itself, not from what a synthesiser says about
 * it: the voice tests and bench/voices.ts check the engines with them.
 */

const run = promisify(execFile)

/** Decodes any audio file to mono float samples at the rate given. */
export async function decodeSamples(file: string, rate: number): Promise<Float32Array> {
  const args = ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-']
  const { stdout } = await run('ffmpeg', args, { encoding: 'buffer', maxBuffer: 2 ** 30 })
  return new Float32Array(new Uint8Array(stdout).buffer)
}

/**
 * The median fundamental frequency of the voiced parts, in Hz, by autocorrelation over 40 ms
 * frames: a frame counts as voiced when it is loud and repeats itself clearly within the range
 * of speaking voices (60 to 400 Hz).
 */
export function medianPitch(samples: Float32Array, rate: number): number {
  const frame = Math.round(rate * 0.04)
  const [minLag, maxLag] = [Math.floor(rate / 400), Math.ceil(rate / 60)]
  const power = (from: number, n: number) => {
    let sum = 0
    for (let i = from; i < from + n; i++) sum += samples[i]! ** 2
    return sum / n
  }
  const loud = power(0, samples.length) / 4
  const pitches: number[] = []
  for (let at = 0; at + frame + maxLag < samples.length; at += Math.round(rate * 0.02)) {
    if (power(at, frame) < loud) continue
    let best = { lag: 0, r: 0 }
    for (let lag = minLag; lag <= maxLag; lag++) {
      let xy = 0
      let yy = 0
      for (let i = at; i < at + frame; i++) {
        xy += samples[i]! * samples[i + lag]!
        yy += samples[i + lag]! ** 2
      }
      const r = xy / Math.sqrt(power(at, frame) * frame * yy)
      if (r > best.r) best = { lag, r }
    }
    if (best.r > 0.7) pitches.push(rate / best.lag)
  }
  pitches.sort((a, b) => a - b)
  return pitches[Math.floor(pitches.length / 2)] ?? 0
}

/**
 * The pauses inside speech, in seconds, as ffmpeg's silencedetect hears them: quieter than
 * `noiseDb` for at least `minSeconds`. Silence at the start and at the end (the audio lasts
 * `seconds`) is left out.
 */
export async function findPauses(
  file: string,
  seconds: number,
  opts: { noiseDb?: number; minSeconds?: number } = {},
): Promise<{ start: number; end: number }[]> {
  const filter = `silencedetect=noise=${opts.noiseDb ?? -40}dB:d=${opts.minSeconds ?? 0.15}`
  const { stderr } = await run('ffmpeg', ['-nostats', '-i', file, '-af', filter, '-f', 'null', '-'])
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]))
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]))
  return starts
    .map((start, i) => ({ start, end: ends[i] ?? Infinity }))
    .filter((p) => p.start > 0 && p.end < seconds - 0.01)
}

/**
 * How far word times lie from the pauses heard between sentences. A pause belongs to the
 * sentence end that sits at the same share of the text as the pause does of the audio, give or
 * take a third of the distance to the next sentence end (and 5 % at most); pauses elsewhere are
 * stops inside a sentence, and a sentence end the voice does not pause at is skipped. For each
 * pair: the error of the last word's end against the pause's start and of the next word's start
 * against its end, in seconds.
 */
export function sentencePauseErrors(
  text: string,
  words: WordTiming[],
  pauses: { start: number; end: number }[],
  seconds: number,
): { before: string; endError: number; startError: number }[] {
  const found = [...text.matchAll(/\S+/g)]
  const ends = found.flatMap((word, i) =>
    /[.!?]$/.test(word[0]) && i < found.length - 1
      ? [{ i, share: (word.index + word[0].length) / text.length }]
      : [],
  )
  const shares = [0, ...ends.map((e) => e.share), 1]
  const spacing = Math.min(...shares.slice(1).map((s, k) => s - shares[k]!))
  const tolerance = Math.min(0.05, spacing / 3)
  return ends.flatMap(({ i, share }) => {
    const offset = (p: { start: number; end: number }) =>
      Math.abs((p.start + p.end) / 2 / seconds - share)
    const pause = pauses
      .filter((p) => offset(p) < tolerance)
      .sort((a, b) => offset(a) - offset(b))[0]
    if (!pause) return []
    const endError = words[i]!.end - pause.start
    return [{ before: found[i]![0], endError, startError: words[i + 1]!.start - pause.end }]
  })
}
