import { BOUNDED_DECODE } from './clip-frames'
import type { MediaInfo } from './probe'
import { DEFAULT_TOOLS, runTool, type MediaTools } from './run-tool'

/**
 * One frame of a probed clip, at 1 s or its middle when shorter (past a black first frame or a
 * fade-in), through the video filter `filter`, encoded by ffmpeg's `output` options (format,
 * codec) and returned: a preview's poster, the analysis' sample. Decoding is bounded.
 */
export function clipStill(
  file: string,
  info: MediaInfo,
  filter: string,
  output: readonly string[],
  opts: { tools?: MediaTools; signal?: AbortSignal } = {},
): Promise<Buffer> {
  return runTool(
    (opts.tools ?? DEFAULT_TOOLS).ffmpeg,
    [
      ...['-v', 'error', '-ss', String(Math.min(1, info.duration / 2))],
      ...[...BOUNDED_DECODE, '-i', file],
      ...['-frames:v', '1', '-vf', filter, ...output, 'pipe:1'],
    ],
    { signal: opts.signal },
  )
}
