/** A clip slide's own sound, placed at the slide's start. */
export interface ClipAudio {
  file: string
  offset: number
  duration: number
}

/** Clips' own sound, where no narration speaks over it. */
export const CLIP_VOLUME = 0.8

/**
 * Ducking: the clips' sound is compressed by the narration's level (sidechain), so it drops
 * about 12 dB while the voice speaks (a -16 LUFS voice is about 15 dB over the threshold, and
 * the ratio leaves a ninth of that) and comes back within half a second of a pause: the voice
 * stays clear, the clips stay alive between sentences.
 */
const DUCKING = 'sidechaincompress=threshold=0.02:ratio=9:attack=20:release=400:knee=4'

const RATE = 48000

/**
 * A file named in a filter's option inside a filter graph, escaped as ffmpeg's two levels of
 * filtergraph escaping ask: once for the option (backslash, quote, colon), once more for the
 * graph (backslash, quote, brackets, comma, semicolon).
 */
export function graphFile(path: string): string {
  return path.replace(/[\\':]/g, '\\$&').replace(/[\\'[\],;]/g, '\\$&')
}

/**
 * The filter graph of the soundtrack: silence as long as the video (so there is always an AAC
 * track), narration from the start (or `soundtrack`, the narration and music mixed by
 * buildMusicSoundtrack, heard in its place), each clip's sound at its slide, ducked under the
 * narration alone: music does not push the clips down; its output is labelled [a]. The graph reads every sound itself (amovie), so the video stays
 * ffmpeg's only input: with a second input ffmpeg 5.1 reads its inputs on threads, which held
 * 250-500 MB more of raw frames at 4K (measured).
 */
export function audioMix(
  total: number,
  narration: string | null,
  clips: ClipAudio[],
  soundtrack: string | null = null,
): string {
  const length = total.toFixed(3)
  const format = `aresample=${RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`
  // Both sides of the ducking as long as the video: the compressor stops at the first to end.
  const padded = `apad=whole_dur=${length},atrim=0:${length}`
  const parts = [`anullsrc=r=${RATE}:cl=stereo:d=${length},${format}[base]`]
  const labels = ['[base]']
  const narrated = narration !== null
  const read = (file: string) => `amovie=filename=${graphFile(file)},${format}`
  if (soundtrack !== null) {
    parts.push(`${read(soundtrack)}[nar]`)
    if (narration !== null && clips.length > 0) parts.push(`${read(narration)},${padded}[key]`)
  } else if (narration !== null) {
    parts.push(
      clips.length > 0
        ? `${read(narration)},${padded},asplit=2[nar][key]`
        : `${read(narration)}[nar]`,
    )
  }
  if (soundtrack !== null || narrated) labels.push('[nar]')
  clips.forEach((c, k) => {
    const delay = Math.round(c.offset * 1000)
    // loop=0: a clip shorter than its slide plays again, as its picture does.
    parts.push(
      `amovie=filename=${graphFile(c.file)}:loop=0,atrim=0:${c.duration.toFixed(3)},` +
        `asetpts=PTS-STARTPTS,${format},volume=${CLIP_VOLUME},adelay=${delay}:all=1[c${k}]`,
    )
  })
  if (clips.length > 0) {
    const clipLabels = clips.map((_, k) => `[c${k}]`).join('')
    const together = `${clipLabels}amix=inputs=${clips.length}:normalize=0:duration=longest`
    parts.push(
      narrated
        ? `${together},${padded}[clips];[clips][key]${DUCKING}[ducked]`
        : `${together}[ducked]`,
    )
    labels.push('[ducked]')
  }
  const mix =
    labels.length === 1
      ? `[base]anull[a]`
      : `${labels.join('')}amix=inputs=${labels.length}:duration=first:normalize=0[a]`
  return [...parts, mix].join(';')
}
