import type { Composition } from '@storyreel/core'
import { FPS } from '../engine/frame'
import type { ClipAudio } from './audio-mix'
import { isVideo } from './media-kind'
import { probeMedia, type MediaInfo } from './probe'
import type { MediaTools, RunToolOptions } from './run-tool'

/** Each clip probed once: its sound goes into the soundtrack, its size and length to its decoder. */
export async function probeClips(
  composition: Composition,
  mediaPaths: readonly string[],
  tools: MediaTools,
  opts: Pick<RunToolOptions, 'onSpawn'> = {},
): Promise<(MediaInfo | undefined)[]> {
  const infos: (MediaInfo | undefined)[] = []
  for (const [k, slide] of composition.composition.entries()) {
    infos.push(isVideo(slide.filename) ? await probeMedia(mediaPaths[k]!, tools, opts) : undefined)
  }
  return infos
}

/** The clips that have sound, each placed at its slide's start and cut at its end. */
export function clipSounds(
  mediaPaths: readonly string[],
  infos: readonly (MediaInfo | undefined)[],
  counts: readonly number[],
): ClipAudio[] {
  const clips: ClipAudio[] = []
  let start = 0
  for (const [k, info] of infos.entries()) {
    if (info?.hasAudio) {
      clips.push({ file: mediaPaths[k]!, offset: start / FPS, duration: counts[k]! / FPS })
    }
    start += counts[k]!
  }
  return clips
}
