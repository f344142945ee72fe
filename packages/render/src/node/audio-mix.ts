/** A clip slide's own sound, placed at the slide's start. */
export interface ClipAudio {
  file: string
  offset: number
  duration: number
}

/** Clips' own sound is kept, quietly under narration, a little louder without it. */
export const CLIP_VOLUME_UNDER_NARRATION = 0.3
export const CLIP_VOLUME_ALONE = 0.8

const RATE = 48000

/**
 * ffmpeg inputs and filter graph for the soundtrack: silence as long as the video (so there is
 * always an AAC track), narration from the start, each clip's sound at its slide. Input 0 is the
 * video; the graph's output is labelled [a].
 */
export function audioMix(
  total: number,
  narration: string | null,
  clips: ClipAudio[],
): { inputs: string[]; graph: string } {
  const inputs: string[] = [
    '-f',
    'lavfi',
    '-t',
    total.toFixed(3),
    '-i',
    `anullsrc=r=${RATE}:cl=stereo`,
  ]
  const format = `aresample=${RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`
  const parts = [`[1:a]${format}[base]`]
  const labels = ['[base]']
  let index = 2
  if (narration) {
    inputs.push('-i', narration)
    parts.push(`[${index}:a]${format}[nar]`)
    labels.push('[nar]')
    index++
  }
  const volume = narration ? CLIP_VOLUME_UNDER_NARRATION : CLIP_VOLUME_ALONE
  clips.forEach((c, k) => {
    inputs.push('-stream_loop', '-1', '-i', c.file)
    const delay = Math.round(c.offset * 1000)
    parts.push(
      `[${index}:a]atrim=0:${c.duration.toFixed(3)},asetpts=PTS-STARTPTS,${format},` +
        `volume=${volume},adelay=${delay}:all=1[c${k}]`,
    )
    labels.push(`[c${k}]`)
    index++
  })
  const mix =
    labels.length === 1
      ? `[base]anull[a]`
      : `${labels.join('')}amix=inputs=${labels.length}:duration=first:normalize=0[a]`
  return { inputs, graph: [...parts, mix].join(';') }
}
