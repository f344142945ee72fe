import { parentPort, workerData } from 'node:worker_threads'
import { renderJob, type RenderThreadInput } from './render-job'
import { lowerThreadPriority } from './ts-thread'

/**
 * Entry of the render thread. Drawing is synchronous Skia work: on its own thread it neither
 * blocks the server's event loop nor suffers the main thread's GC pauses on big frame buffers.
 */
export type RenderThreadMessage =
  | { type: 'progress'; percent: number }
  | { type: 'thumbnail' }
  | { type: 'spawn'; pid: number }
  | { type: 'done'; durationSeconds: number; frames: number }
  | { type: 'error'; message: string; stack?: string }

lowerThreadPriority()
const port = parentPort!
const post = (m: RenderThreadMessage) => port.postMessage(m)

renderJob(workerData as RenderThreadInput, {
  onProgress: (percent) => post({ type: 'progress', percent }),
  onThumbnail: () => post({ type: 'thumbnail' }),
  onSpawn: (child) => {
    if (child.pid) post({ type: 'spawn', pid: child.pid })
  },
}).then(
  (r) => post({ type: 'done', ...r }),
  (e: Error) => post({ type: 'error', message: e.message, stack: e.stack }),
)
