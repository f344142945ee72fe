/** The detector's input is a square picture this many pixels wide, RGB. */
export const DETECTOR_SIDE = 512

/** One picture to look at, letterboxed into DETECTOR_SIDE² RGB bytes. */
export interface DetectRequest {
  id: number
  rgb: Uint8Array
}

/** The model's raw detections (rows of x1, y1, x2, y2, score, class), or why there are none. */
export type DetectReply = { id: number; rows: Float32Array } | { id: number; error: string }

/** What the thread says once, after loading: ready, or why it could not load. */
export type DetectStatus = { ready: true } | { failed: string }
