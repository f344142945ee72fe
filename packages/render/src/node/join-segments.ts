import type { Composition } from '@storyreel/core'
import { randomUUID } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { FPS, slideFrameCounts } from '../engine/frame'
import { audioMix } from './audio-mix'
import { clipSounds, probeClips } from './clip-sounds'
import { AAC_ARGS } from './encoder'
import { DEFAULT_TOOLS, runTool, type MediaTools } from './run-tool'

/** A path that ffmpeg's concat list reads literally: quotes escaped as its syntax wants. */
const listed = (file: string) => `file '${file.replaceAll("'", "'\\''")}'`

/**
 * Joins the segments of a split render (decision 016), in order, into the MP4 a single render
 * makes: the video copied without re-encoding (each segment starts on its own keyframe, so
 * the seams need none), and the soundtrack mixed once for the whole video, exactly as the
 * single render mixes it (narration, clips' own sound, ducking). The MP4 is written beside its
 * path and renamed at the end.
 */
export async function joinSegments(opts: {
  composition: Composition
  /** Absolute path of each slide's media, in slide order. */
  mediaPaths: string[]
  /** The segments' files (MPEG-TS), in the order of their ranges. */
  segments: string[]
  narration: string | null
  /** The narration and music mixed (buildMusicSoundtrack), heard instead of the narration. */
  soundtrack?: string | null
  outFile: string
  tools?: MediaTools
  signal?: AbortSignal
}): Promise<{ durationSeconds: number; frames: number }> {
  const tools = opts.tools ?? DEFAULT_TOOLS
  const counts = slideFrameCounts(opts.composition.composition.map((s) => s.duration))
  const frames = counts.reduce((a, b) => a + b, 0)
  const total = frames / FPS
  const infos = await probeClips(opts.composition, opts.mediaPaths, tools)
  const clips = clipSounds(opts.mediaPaths, infos, counts)
  const audio = audioMix(total, opts.narration, clips, opts.soundtrack ?? null)
  const id = randomUUID()
  const list = join(dirname(opts.outFile), `.segments.${id}.txt`)
  const partial = join(dirname(opts.outFile), `.${basename(opts.outFile)}.${id}.tmp`)
  await writeFile(list, `${opts.segments.map(listed).join('\n')}\n`)
  try {
    await runTool(
      tools.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'concat', '-safe', '0', '-i', list],
        ...['-filter_complex', audio, '-map', '0:v', '-map', '[a]'],
        ...['-c:v', 'copy', ...AAC_ARGS],
        ...['-t', total.toFixed(3), '-movflags', '+faststart', '-f', 'mp4', partial],
      ],
      { signal: opts.signal },
    )
    await rename(partial, opts.outFile)
    return { durationSeconds: total, frames }
  } finally {
    await Promise.all([rm(list, { force: true }), rm(partial, { force: true })])
  }
}
