/**
 * What a server's event loop may import: nothing here loads the drawing engine or Skia (loading
 * them takes the thread most of a second). Drawing happens on worker threads, tools in child
 * processes.
 */
export { renderComposition, type RenderOptions } from './render-composition'
export { probeMedia, scaleToRgb, type MediaInfo } from './probe'
export { clipStill } from './clip-still'
export { DEFAULT_TOOLS, runTool, runToolReport, type MediaTools } from './run-tool'
export { parseLoudness } from './loudness'
export { buildNarrationTrack, type NarrationPart } from './narration-track'
export { buildMusicSoundtrack, MEASURE_MUSIC, type MusicBed } from './music-soundtrack'
export { slideFrameCounts, slideSpans } from '../engine/frame'
export { joinSegments } from './join-segments'
export { lowerThreadPriority, startTsThread } from './ts-thread'
