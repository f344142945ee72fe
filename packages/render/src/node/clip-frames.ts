import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { UPLOAD_RULES } from '@storyreel/core'
import type { MediaTools, RunToolOptions } from './run-tool'
import { TRACED_CODECS, traceReader } from './traced-sizes'

/**
 * Input options for every ffmpeg and ffprobe that decodes a clip: a frame over the largest clip
 * we accept (UPLOAD_RULES.maxVideoSide on both sides) fails to decode instead of being
 * allocated, whatever the stream announced before it. A clip that switches to 8192x8192 in its
 * middle took 770 MB to make its poster frame.
 */
export const BOUNDED_DECODE: readonly string[] = [
  '-max_pixels',
  String(UPLOAD_RULES.maxVideoSide ** 2),
]

/** One video stream's largest announced side, from ffmpeg copying it through its codec's bsf. */
function tracedSide(
  path: string,
  index: number,
  codec: string,
  tools: MediaTools,
  { signal, onSpawn }: RunToolOptions,
) {
  const traced = TRACED_CODECS[codec]
  if (!traced) return Promise.reject(new Error(`cannot read the frame sizes of ${codec} video`))
  return new Promise<number>((resolve, reject) => {
    const child = spawn(
      tools.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info'],
        // Opening the input decodes its first frames: they are bounded like any other.
        ...[...BOUNDED_DECODE, '-i', path],
        ...['-map', `0:v:${index}`, '-c', 'copy', '-bsf', traced.bsf, '-f', 'null', '-'],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], signal, killSignal: 'SIGKILL' },
    )
    onSpawn?.(child)
    const reader = traceReader(traced)
    let last = ''
    createInterface({ input: child.stderr }).on('line', (line) => {
      reader.line(line)
      last = line
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`ffmpeg exited with ${code}: ${last}`))
      else if (reader.largest === 0) reject(new Error(`no frame size in ${codec} stream ${index}`))
      else resolve(reader.largest)
    })
  })
}

/**
 * The largest side of any frame a clip's video streams announce (`codecs`: each stream's
 * codec_name, in order), from every parameter set or frame header in the file, without decoding
 * a frame: ffprobe's size is its first frame's, and a stream may switch sizes at any keyframe.
 * Rejects for a codec whose headers it cannot read.
 */
export async function largestAnnouncedSide(
  path: string,
  codecs: readonly string[],
  tools: MediaTools,
  opts: RunToolOptions = {},
): Promise<number> {
  let largest = 0
  for (const [index, codec] of codecs.entries()) {
    largest = Math.max(largest, await tracedSide(path, index, codec, tools, opts))
  }
  return largest
}
