import type { Composition } from '@storyreel/core'
import type { Worker } from 'node:worker_threads'
import type { FrameThreadMessage } from './frame-thread'
import { killTools, type MediaTools } from './run-tool'
import { startTsThread } from './ts-thread'

/** One preview frame to draw: plain data, as it crosses to a thread. */
export interface FrameRequest {
  composition: Composition
  slideIndex: number
  /** Seconds from the slide's start. */
  t: number
  /** Absolute path of the slide's media. */
  mediaPath: string
  tools?: MediaTools
}

/** The frame was still drawing at the time limit; its thread was ended. */
export class FrameTimeLimitError extends Error {
  override name = 'FrameTimeLimitError'
}

/** Every thread is busy and enough frames already wait for one. */
export class FramePoolFullError extends Error {
  override name = 'FramePoolFullError'
}

/** The frame failed in the engine (a media file it could not load): the thread is fine. */
class FrameFailedError extends Error {}

export interface FramePool {
  /** A JPEG of the frame, drawn on one of the pool's threads within the time limit. */
  draw(request: FrameRequest): Promise<Buffer>
  /** Ends every thread; frames in progress or waiting fail. */
  close(): Promise<void>
}

interface Thread {
  worker: Worker
  /** Settles once the thread has loaded the engine: its start is not part of a frame's time. */
  ready: Promise<void>
  /** Decoders the current frame started, to kill with the thread. */
  pids: Set<number>
  /** Ends the thread once it has waited idle too long. */
  idleTimer?: NodeJS.Timeout
}

function startThread(): Thread {
  const worker = startTsThread(new URL('./frame-thread.ts', import.meta.url))
  const pids = new Set<number>()
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: FrameThreadMessage) => {
      if (m.type === 'ready') resolve()
      else if (m.type === 'spawn') pids.add(m.pid)
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`frame thread exited with code ${code}`)))
  })
  // Awaited by the frame that needs it; until then a failed start must not count as unhandled.
  ready.catch(() => {})
  return { worker, ready, pids }
}

async function drawOn(thread: Thread, request: FrameRequest, timeLimitMs: number) {
  await thread.ready
  return new Promise<Buffer>((resolve, reject) => {
    const { worker } = thread
    const settle = (done: () => void) => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      done()
    }
    const onMessage = (m: FrameThreadMessage) => {
      if (m.type === 'done') settle(() => resolve(Buffer.from(m.jpeg)))
      else if (m.type === 'error') settle(() => reject(new FrameFailedError(m.message)))
    }
    const onError = (e: Error) => settle(() => reject(e))
    const onExit = (code: number) =>
      settle(() => reject(new Error(`frame thread exited with code ${code}`)))
    const timer = setTimeout(
      () => settle(() => reject(new FrameTimeLimitError(`frame took over ${timeLimitMs} ms`))),
      timeLimitMs,
    )
    worker.on('message', onMessage)
    worker.once('error', onError)
    worker.once('exit', onExit)
    worker.postMessage(request)
  })
}

/**
 * A few threads that draw preview frames through the render engine, started when first needed.
 * A frame that outlasts `timeLimitMs` ends its thread (and any decoder it started); a fresh
 * thread takes its place. When all are busy, up to `maxWaiting` frames wait their turn and
 * more are refused. With `idleMs`, a thread idle that long ends, so that the engine's memory
 * (Skia, fonts, decoded media) goes back once nobody is editing; the next frame starts another.
 */
export function startFramePool(opts: {
  size: number
  timeLimitMs: number
  maxWaiting: number
  idleMs?: number
}): FramePool {
  const threads = new Set<Thread>()
  const idle: Thread[] = []
  const waiting: { resolve: (t: Thread) => void; reject: (e: Error) => void }[] = []
  let closed = false

  const acquire = (): Promise<Thread> => {
    if (closed) return Promise.reject(new Error('frame pool closed'))
    const free = idle.pop()
    if (free) {
      clearTimeout(free.idleTimer)
      return Promise.resolve(free)
    }
    if (threads.size < opts.size) return Promise.resolve(add())
    if (waiting.length >= opts.maxWaiting) {
      return Promise.reject(new FramePoolFullError('every frame thread is busy'))
    }
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }))
  }
  const add = () => {
    const thread = startThread()
    threads.add(thread)
    return thread
  }
  const release = (thread: Thread) => {
    thread.pids.clear()
    const next = waiting.shift()
    if (next) return next.resolve(thread)
    idle.push(thread)
    if (opts.idleMs === undefined) return
    thread.idleTimer = setTimeout(() => {
      const at = idle.indexOf(thread)
      if (at === -1) return
      idle.splice(at, 1)
      threads.delete(thread)
      void thread.worker.terminate()
    }, opts.idleMs)
    thread.idleTimer.unref()
  }
  const discard = (thread: Thread) => {
    threads.delete(thread)
    void thread.worker.terminate()
    killTools(thread.pids)
    const next = waiting.shift()
    if (next) next.resolve(add())
  }

  return {
    async draw(request) {
      const thread = await acquire()
      try {
        const jpeg = await drawOn(thread, request, opts.timeLimitMs)
        release(thread)
        return jpeg
      } catch (e) {
        if (e instanceof FrameFailedError) release(thread)
        else discard(thread)
        throw e
      }
    },
    async close() {
      closed = true
      for (const w of waiting.splice(0)) w.reject(new Error('frame pool closed'))
      await Promise.all(
        [...threads].map(async (t) => {
          clearTimeout(t.idleTimer)
          killTools(t.pids)
          await t.worker.terminate()
        }),
      )
      threads.clear()
      idle.length = 0
    },
  }
}
