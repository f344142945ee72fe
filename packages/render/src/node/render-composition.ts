import { CompositionSchema, type Composition } from '@storyreel/core'
import { randomUUID } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { RenderJob } from './render-job'
import type { RenderMessage } from './render-worker'

export interface RenderOptions {
  composition: Composition
  /** Absolute path of a slide's stored media file. */
  resolveMedia: (filename: string) => string
  outFile: string
  thumbnailFile: string
  narration?: { file: string } | null
  /** Percent of frames done, 0..100, called when it changes. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
  ffmpegPath?: string
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
 * The render thread loads TypeScript sources, as the rest of the app does through tsx; Node 20
 * does not pass the main thread's loader to workers, so the thread registers it itself.
 */
function startWorker(job: RenderJob): Worker {
  const entry = new URL('./render-worker.ts', import.meta.url).href
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(code, { eval: true, workerData: job })
}

/**
 * Renders a composition to an MP4 (H.264 yuv420p, 30 fps, AAC, faststart) and a JPEG
 * thumbnail. Both are written beside their final paths and renamed at the end, so a failed or
 * aborted render leaves no half-written file; an abort kills ffmpeg and rejects with AbortError.
 */
export async function renderComposition(
  opts: RenderOptions,
): Promise<{ durationSeconds: number; frames: number }> {
  const { signal } = opts
  if (signal?.aborted) throw abortError(signal)
  const composition = CompositionSchema.parse(opts.composition)
  const job: RenderJob = {
    composition,
    mediaPaths: composition.composition.map((s) => opts.resolveMedia(s.filename)),
    outFile: tempBeside(opts.outFile),
    thumbnailFile: tempBeside(opts.thumbnailFile),
    narration: opts.narration?.file ?? null,
    ffmpegPath: opts.ffmpegPath,
  }
  const pids = new Set<number>()
  const killAll = () => {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  const worker = startWorker(job)
  const cleanup = () =>
    Promise.all([rm(job.outFile, { force: true }), rm(job.thumbnailFile, { force: true })])
  try {
    const result = await new Promise<{ durationSeconds: number; frames: number }>(
      (resolve, reject) => {
        const onAbort = () => {
          killAll()
          reject(abortError(signal!))
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        const settle = () => signal?.removeEventListener('abort', onAbort)
        worker.on('message', (m: RenderMessage) => {
          if (m.type === 'progress') opts.onProgress?.(m.percent)
          else if (m.type === 'spawn') pids.add(m.pid)
          else if (m.type === 'done') {
            settle()
            resolve({ durationSeconds: m.durationSeconds, frames: m.frames })
          } else {
            settle()
            reject(Object.assign(new Error(m.message), { stack: m.stack }))
          }
        })
        worker.on('error', (e) => {
          settle()
          reject(e)
        })
        worker.on('exit', (code) => {
          settle()
          reject(new Error(`render thread exited with code ${code}`))
        })
      },
    )
    await rename(job.outFile, opts.outFile)
    await rename(job.thumbnailFile, opts.thumbnailFile)
    return result
  } catch (e) {
    await worker.terminate()
    // The thread may have started a decoder after the first kill.
    killAll()
    await cleanup()
    throw e
  } finally {
    await worker.terminate()
  }
}
