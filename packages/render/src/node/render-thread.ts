import { parentPort, workerData } from 'node:worker_threads'
import { renderJob, type RenderThreadInput } from './render-job'
import { toolProcesses } from './tool-processes'
import { lowerThreadPriority } from './ts-thread'

/**
 * Entry of the render thread. Drawing is synchronous Skia work: on its own thread it neither
 * blocks the server's event loop nor suffers the main thread's GC pauses on big frame buffers.
 * Its last message, done or error, comes once every tool it started has ended (tool-processes).
 */
export type RenderThreadMessage =
  | { type: 'progress'; percent: number }
  | { type: 'thumbnail' }
  | { type: 'spawn'; pid: number }
  | { type: 'ended'; pid: number }
  | { type: 'done'; durationSeconds: number; frames: number }
  | { type: 'error'; message: string; stack?: string }

/** What the main thread tells the render thread: stop, kill your tools and report. */
export type RenderThreadCommand = { type: 'stop' }

lowerThreadPriority()
const port = parentPort!
const post = (m: RenderThreadMessage) => port.postMessage(m)
const tools = toolProcesses()

// Killed tools fail the render where it stands: the encoder's pipe breaks, a probe exits.
port.on('message', (m: RenderThreadCommand) => {
  if (m.type === 'stop') tools.stop()
})

renderJob(workerData as RenderThreadInput, {
  onProgress: (percent) => post({ type: 'progress', percent }),
  onThumbnail: () => post({ type: 'thumbnail' }),
  onSpawn: (child) => {
    tools.add(child)
    const { pid } = child
    if (pid === undefined) return
    post({ type: 'spawn', pid })
    child.once('close', () => post({ type: 'ended', pid }))
  },
})
  .then(
    (r): RenderThreadMessage => ({ type: 'done', ...r }),
    (e: Error): RenderThreadMessage => ({ type: 'error', message: e.message, stack: e.stack }),
  )
  .then(async (last) => {
    tools.stop()
    await tools.ended()
    post(last)
  })
