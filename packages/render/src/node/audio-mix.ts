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
 * ffmpeg inputs and filter graph for the soundtrack: silence as long as the video (so there is
 * always an AAC track), narration from the start, each clip's sound at its slide, ducked under
 * the narration. Input 0 is the video; the graph's output is labelled [a].
 */
export function audioMix(
  total: number,
  narration: string | null,
  clips: ClipAudio[],
): { inputs: string[]; graph: string } {
  const length = total.toFixed(3)
  const inputs: string[] = ['-f', 'lavfi', '-t', length, '-i', `anullsrc=r=${RATE}:cl=stereo`]
  const format = `aresample=${RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`
  // Both sides of the ducking as long as the video: the compressor stops at the first to end.
  const padded = `apad=whole_dur=${length},atrim=0:${length}`
  const parts = [`[1:a]${format}[base]`]
  const labels = ['[base]']
  let index = 2
  const narrated = narration !== null
  if (narrated) {
    inputs.push('-i', narration)
    parts.push(
      clips.length > 0
        ? `[${index}:a]${format},${padded},asplit=2[nar][key]`
        : `[${index}:a]${format}[nar]`,
    )
    labels.push('[nar]')
    index++
  }
  clips.forEach((c, k) => {
    inputs.push('-stream_loop', '-1', '-i', c.file)
    const delay = Math.round(c.offset * 1000)
    parts.push(
      `[${index}:a]atrim=0:${c.duration.toFixed(3)},asetpts=PTS-STARTPTS,${format},` +
        `volume=${CLIP_VOLUME},adelay=${delay}:all=1[c${k}]`,
    )
    index++
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
  return { inputs, graph: [...parts, mix].join(';') }
}
