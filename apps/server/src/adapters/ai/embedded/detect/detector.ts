import type { Worker } from 'node:worker_threads'
import sharp from 'sharp'
import type { Subject } from '@storyreel/core'
import { startTsThread } from '@storyreel/render/server'
import { subjectsFrom } from './detections'
import {
  DETECTOR_SIDE,
  type DetectReply,
  type DetectRequest,
  type DetectStatus,
} from './detector-protocol'

/**
 * A picture's detection may take this long, milliseconds, loading the model on first use
 * included (160-300 ms a picture and about 1 s to load, measured alone on this machine; several
 * times that under load). Past it the picture is described without subjects, as before the
 * detector, and the thread is ended: a stuck thread holds its memory and a core.
 */
export const DETECT_TIMEOUT_MS = 20_000

/**
 * The thread ends after this long without a picture, milliseconds: loaded, it holds about 180 MB
 * (the WASM heap and the weights, measured), which an idle server should not keep; loading
 * again takes 1.5-3.5 s.
 */
export const DETECTOR_IDLE_MS = 60_000

interface Pending {
  resolve: (rows: Float32Array) => void
  reject: (e: Error) => void
}

interface Detector {
  thread: Worker
  ready: Promise<void>
  pending: Map<number, Pending>
  idle?: NodeJS.Timeout
}

let detector: Detector | null = null
let nextId = 0

/** Ends the thread and fails what it still had to do; the next picture starts a new one. */
function stop(d: Detector, why: Error) {
  if (detector === d) detector = null
  clearTimeout(d.idle)
  for (const p of d.pending.values()) p.reject(why)
  d.pending.clear()
  void d.thread.terminate()
}

/** The detector thread, started once and kept: loading the model takes longer than a picture. */
function detectorThread(): Detector {
  if (detector) return detector
  const thread = startTsThread(new URL('./detect-thread.ts', import.meta.url))
  const pending = new Map<number, Pending>()
  let loaded: () => void
  let notLoaded: (e: Error) => void
  const ready = new Promise<void>((resolve, reject) => {
    loaded = resolve
    notLoaded = reject
  })
  ready.catch(() => undefined)
  const d: Detector = { thread, ready, pending }
  thread.on('message', (m: DetectReply | DetectStatus) => {
    if ('ready' in m) return loaded()
    if ('failed' in m) {
      notLoaded(new Error(m.failed))
      return stop(d, new Error(m.failed))
    }
    const p = pending.get(m.id)
    pending.delete(m.id)
    if ('error' in m) p?.reject(new Error(m.error))
    else p?.resolve(m.rows)
  })
  const fail = (e: Error) => {
    notLoaded(e)
    stop(d, e)
  }
  thread.on('error', fail)
  thread.on('exit', (code) => fail(new Error(`detector thread exited with code ${code}`)))
  // Idle, it must not keep a finished process (a test, a bench, a CLI) alive; after the
  // listeners, since adding one refs the thread's port again.
  thread.unref()
  detector = d
  return d
}

/** A decoded picture, RGB, row by row: what the analysis hands the detector. */
export interface RgbPicture {
  data: Uint8Array
  width: number
  height: number
}

/**
 * The picture shrunk into a black-edged square, as the model sees it: stretched, it took a cat
 * for a dog. sharp scales on libuv's threads.
 */
async function letterboxed(picture: RgbPicture) {
  const { data, info } = await sharp(picture.data, {
    raw: { width: picture.width, height: picture.height, channels: 3 },
  })
    .resize(DETECTOR_SIDE, DETECTOR_SIDE, {
      fit: 'contain',
      background: { r: 0, g: 0, b: 0 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true })
  if (info.width !== DETECTOR_SIDE || info.height !== DETECTOR_SIDE || info.channels !== 3) {
    throw new Error('unexpected letterbox shape')
  }
  // A copy of its own, so that handing it to the thread moves no one else's memory.
  return new Uint8Array(data)
}

async function detectRows(rgb: Uint8Array, timeoutMs: number): Promise<Float32Array> {
  const d = detectorThread()
  clearTimeout(d.idle)
  const id = nextId++
  let timer: NodeJS.Timeout | undefined
  try {
    return await new Promise<Float32Array>((resolve, reject) => {
      timer = setTimeout(() => {
        const why = new Error('detection timed out')
        reject(why)
        stop(d, why)
      }, timeoutMs)
      d.pending.set(id, { resolve, reject })
      d.ready.then(
        () =>
          d.thread.postMessage({ id, rgb } satisfies DetectRequest, [rgb.buffer as ArrayBuffer]),
        reject,
      )
    })
  } finally {
    clearTimeout(timer)
    d.pending.delete(id)
    if (d.pending.size === 0 && detector === d) {
      d.idle = setTimeout(() => stop(d, new Error('detector idle')), DETECTOR_IDLE_MS).unref()
    }
  }
}

/**
 * What the picture shows (COCO's everyday things: people, animals, vehicles, cups...), most
 * confident first, boxes in percent of the picture (`size`: the picture's own, which `picture`,
 * decoded smaller, keeps the shape of). Detection runs on its own thread, off the
 * event loop; a picture it cannot look at in time, or a detector that cannot load, gives no
 * subjects, and the picture is described from its pixels as before.
 */
export async function detectSubjects(
  picture: RgbPicture,
  size: { width: number; height: number },
  opts: { timeoutMs?: number; minScore?: number } = {},
): Promise<Subject[]> {
  const rgb = await letterboxed(picture)
  try {
    const rows = await detectRows(rgb, opts.timeoutMs ?? DETECT_TIMEOUT_MS)
    return subjectsFrom(rows, size, DETECTOR_SIDE, opts.minScore)
  } catch {
    return []
  }
}

/** Ends the detector thread (tests, benches): the next detection starts it again. */
export async function stopDetector(): Promise<void> {
  if (detector) stop(detector, new Error('detector stopped'))
}
