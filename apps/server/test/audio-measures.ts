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
