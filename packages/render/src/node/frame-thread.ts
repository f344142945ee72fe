import { parentPort } from 'node:worker_threads'
import type { FrameRequest } from './frame-pool'
import { renderFrame } from './render-frame'
import { lowerThreadPriority } from './ts-thread'

/**
 * Entry of a preview frame thread: draws the frames it is sent, one at a time, so that a costly
 * frame never blocks the server's event loop and can be stopped by ending the thread.
 */
export type FrameThreadMessage =
  | { type: 'ready' }
  | { type: 'spawn'; pid: number }
  | { type: 'done'; jpeg: Uint8Array }
  | { type: 'error'; message: string }

lowerThreadPriority()
const port = parentPort!
const post = (m: FrameThreadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer)

port.on('message', (request: FrameRequest) => {
  renderFrame({
    ...request,
    resolveMedia: () => request.mediaPath,
    onSpawn: (child) => {
      if (child.pid) post({ type: 'spawn', pid: child.pid })
    },
  }).then(
    (jpeg) => {
      // A copy of its own, so its memory moves to the main thread instead of being copied again.
      const bytes = new Uint8Array(jpeg)
      post({ type: 'done', jpeg: bytes }, [bytes.buffer])
    },
    (e: Error) => post({ type: 'error', message: e.message }),
  )
})
post({ type: 'ready' })
