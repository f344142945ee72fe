// What the preview page offers the scripts that drive it (bench/preview-fps.ts).
import type { Composition } from '@storyreel/core'

/** What the page's minimal editor holds: the composition (edits applied), slide, selection. */
export interface HostState {
  composition: Composition
  slideIndex: number
  selectedEffectIndex: number | null
}

declare global {
  interface Window {
    /** Shows the preview of `composition`, slide 0, with `selectedEffectIndex` selected. */
    mountPreview(composition: Composition, selectedEffectIndex?: number | null): void
    /**
     * Milliseconds a frame of slide 0 takes to draw at preview size (draft: as while playing),
     * each frame read back so that deferred drawing is counted: the median of `frames`.
     */
    drawCost(composition: Composition, frames: number, draft: boolean): Promise<number>
    /** Whether slide 0 draws at the draft size while playing: it has a costly effect. */
    drawsDraft(composition: Composition): boolean
    /** Milliseconds between the page's animation frames over the next `ms`. */
    frameIntervals(ms: number): Promise<number[]>
    /** How many audio sources the preview is playing now. */
    soundSources(): number
  }
}
