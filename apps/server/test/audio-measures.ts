import { execFileSync } from 'node:child_process'

function ffmpegReport(args: string[]): string {
  // ffmpeg's analysers print on stderr; run through sh so stderr comes back as stdout.
  return execFileSync('sh', ['-c', 'ffmpeg -hide_banner -nostats "$@" 2>&1', 'ffmpeg', ...args], {
    maxBuffer: 1 << 26,
  }).toString()
}

/** Integrated loudness of a media file's sound (EBU R128, ffmpeg's ebur128), LUFS. */
export function integratedLoudness(file: string): number {
  const report = ffmpegReport([
    '-i',
    file,
    '-vn',
    '-af',
    'ebur128=framelog=verbose',
    '-f',
    'null',
    '-',
  ])
  const m = /Integrated loudness:\s+I:\s+(-?[\d.]+) LUFS/.exec(report)
  if (!m) throw new Error(`no loudness measured in ${file}`)
  return Number(m[1])
}

/** Where sound starts after each silence of at least `minSilence` seconds (0: from the start). */
export function soundStarts(file: string, length: number, minSilence = 0.3): number[] {
  const report = ffmpegReport([
    ...['-i', file, '-vn', '-af', `silencedetect=n=-45dB:d=${minSilence}`, '-f', 'null', '-'],
  ])
  const events = [...report.matchAll(/silence_(start|end): (-?[\d.]+)/g)].map((m) => ({
    end: m[1] === 'end',
    t: Number(m[2]),
  }))
  const starts = events.filter((e) => e.end).map((e) => e.t)
  if (events[0]?.end !== false || events[0].t > 0.01) starts.unshift(0)
  // A silence that lasts to the end "ends" there: no sound starts.
  return starts.filter((t) => t < length - 0.05)
}

/** Highest true peak of a media file's sound (EBU R128, 4x oversampled), dBTP. */
export function truePeak(file: string): number {
  const report = ffmpegReport([
    ...['-i', file, '-vn', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
  ])
  const m = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(report)
  if (!m) throw new Error(`no true peak measured in ${file}`)
  return m[1] === '-inf' ? -Infinity : Number(m[1])
}

/**
 * The RMS level of each window of `seconds` of a media file's sound (mono mix, 48 kHz), dBFS;
 * `filter` first (a band, say) when given.
 */
export function windowLevels(file: string, seconds = 0.25, filter = 'anull'): number[] {
  const pcm = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      file,
      '-vn',
      '-af',
      filter,
      '-ac',
      '1',
      '-ar',
      '48000',
      '-f',
      'f32le',
      '-',
    ],
    { maxBuffer: 1 << 28 },
  )
  const samples = new Float32Array(pcm.buffer, pcm.byteOffset, pcm.length / 4)
  const size = Math.round(48000 * seconds)
  const levels: number[] = []
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0
    for (let k = start; k < start + size; k++) sum += samples[k]! * samples[k]!
    levels.push(10 * Math.log10(sum / size || 1e-12))
  }
  return levels
}
