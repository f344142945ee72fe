import {
  RenderedCompositionSchema,
  type FrameRange,
  type RenderedComposition,
} from '@storyreel/core'
import { randomUUID } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { holdFrameMemory } from './native-addons'
import type { RenderThreadInput } from './render-job'
import type { RenderThreadCommand, RenderThreadMessage } from './render-thread'
import { DEFAULT_TOOLS, killTools, type MediaTools } from './run-tool'
import { startTsThread } from './ts-thread'

export interface RenderOptions {
  /** Its slides' spoken words are drawn as captions when the composition's captions are on. */
  composition: RenderedComposition
  /** Absolute path of a slide's stored media file. */
  resolveMedia: (filename: string) => string
  outFile: string
  thumbnailFile: string
  narration?: { file: string } | null
  /** The narration and music mixed (buildMusicSoundtrack), heard instead of the narration. */
  soundtrack?: { file: string } | null
  /** Percent of frames done, 0..100, called when it changes. */
  onProgress?: (percent: number) => void
  /**
   * The thumbnail is ready while the video still renders (from the first slide): `file` is whole
   * now but is moved at the end, so copy it, don't move it.
   */
  onThumbnail?: (file: string) => void
  signal?: AbortSignal
  tools?: MediaTools
  /**
   * Only these frames, video only, into an MPEG-TS segment for joinSegments (decision 016).
   * The thumbnail file is written only when the range holds its frame: see the answer.
   */
  range?: FrameRange
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  return reason instanceof Error && reason.name === 'AbortError'
    ? reason
    : new DOMException('The render was aborted', 'AbortError')
}

function tempBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${randomUUID()}.tmp`)
}

/**
 * How long a stopped render thread may take to end its tools and report (the frame it is drawing
 * first): past it, the thread is terminated and its tools killed by pid, left unreaped.
 */
const STOP_GRACE_MS = 10_000

/**
 * Renders a composition to an MP4 (H.264 yuv420p, 30 fps, AAC, faststart) and a JPEG
 * thumbnail. Both are written beside their final paths and renamed at the end, so a failed or
 * aborted render leaves no half-written file; an abort kills ffmpeg and rejects with AbortError
 * once the render thread has waited for every tool it started to end.
 */
export async function renderComposition(
  opts: RenderOptions,
): Promise<{ durationSeconds: number; frames: number; thumbnail: boolean }> {
  const { signal } = opts
  if (signal?.aborted) throw abortError(signal)
  const composition = RenderedCompositionSchema.parse(opts.composition)
  const input: RenderThreadInput = {
    composition,
    mediaPaths: composition.composition.map((s) => opts.resolveMedia(s.filename)),
    outFile: tempBeside(opts.outFile),
    thumbnailFile: tempBeside(opts.thumbnailFile),
    narration: opts.narration?.file ?? null,
    soundtrack: opts.soundtrack?.file ?? null,
    tools: opts.tools ?? DEFAULT_TOOLS,
    ...(opts.range && { range: opts.range }),
  }
  // The thread's tools still running, for a thread that never reports (crashed, or stuck).
  const pids = new Set<number>()
  let thumbnail = false
  let reported = false
  const thread = startTsThread(new URL('./render-thread.ts', import.meta.url), input)
  // Held here, not on the thread: a thread ended by an abort runs no code of its own to release.
  const releaseFrameMemory = holdFrameMemory()
  const cleanup = () =>
    Promise.all([rm(input.outFile, { force: true }), rm(input.thumbnailFile, { force: true })])
  try {
    const result = await new Promise<{ durationSeconds: number; frames: number }>(
      (resolve, reject) => {
        let grace: NodeJS.Timeout | undefined
        const onAbort = () => {
          thread.postMessage({ type: 'stop' } satisfies RenderThreadCommand)
          grace = setTimeout(() => reject(abortError(signal!)), STOP_GRACE_MS)
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        const settle = () => {
          signal?.removeEventListener('abort', onAbort)
          clearTimeout(grace)
        }
        thread.on('message', (m: RenderThreadMessage) => {
          if (m.type === 'progress') opts.onProgress?.(m.percent)
          else if (m.type === 'thumbnail') {
            thumbnail = true
            opts.onThumbnail?.(input.thumbnailFile)
          } else if (m.type === 'spawn') pids.add(m.pid)
          else if (m.type === 'ended') pids.delete(m.pid)
          else {
            reported = true
            settle()
            if (signal?.aborted) reject(abortError(signal))
            else if (m.type === 'done') resolve(m)
            else reject(Object.assign(new Error(m.message), { stack: m.stack }))
          }
        })
        thread.on('error', (e) => {
          settle()
          reject(e)
        })
        thread.on('exit', (code) => {
          settle()
          reject(new Error(`render thread exited with code ${code}`))
        })
      },
    )
    await rename(input.outFile, opts.outFile)
    if (thumbnail) await rename(input.thumbnailFile, opts.thumbnailFile)
    return { durationSeconds: result.durationSeconds, frames: result.frames, thumbnail }
  } catch (e) {
    await thread.terminate()
    // Their thread is gone: nobody will reap them, but they stop using the machine.
    if (!reported) killTools(pids)
    await cleanup()
    throw e
  } finally {
    await thread.terminate()
    releaseFrameMemory()
  }
}
