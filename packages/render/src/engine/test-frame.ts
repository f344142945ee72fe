import type { FrameInfo } from './types'

/** A 1080x1920 frame over a 3000x2000 photo for 4 s: the shape of most state() tests. */
export function testFrame(over: Partial<FrameInfo> = {}): FrameInfo {
  return {
    width: 1080,
    height: 1920,
    duration: 4,
    mediaWidth: 3000,
    mediaHeight: 2000,
    seed: 42,
    ...over,
  }
}
