import type { Playhead } from '@storyreel/render/browser'

/** A frame drawn while playing: the page's time of its animation frame, and what it showed. */
export interface PlayedFrame extends Playhead {
  at: number
}

declare global {
  interface Window {
    /**
     * Set by a journey before the page loads (the preview-sound drift test): each frame drawn
     * while playing is added, so the test compares the picture with the sound being heard. The
     * app never sets it.
     */
    __storyreelPlayedFrames?: PlayedFrame[]
  }
}

/** Adds the frame to the journey's log when one is kept. */
export function logPlayedFrame(at: number, { slideIndex, t }: Playhead): void {
  window.__storyreelPlayedFrames?.push({ at, slideIndex, t })
}
