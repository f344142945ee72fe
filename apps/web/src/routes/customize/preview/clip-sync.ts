import type { Media } from '@storyreel/render/browser'

// Where each clip was last asked to seek: a seek lands on a frame, so its currentTime may differ.
const seeks = new WeakMap<HTMLVideoElement, number>()

/** Keeps a clip's <video> at the slide's time (the render loops a clip shorter than its slide). */
export function syncClip(media: Media | null, t: number, playing: boolean): void {
  const video = media?.source
  if (!(video instanceof HTMLVideoElement) || !Number.isFinite(video.duration)) return
  const want = video.duration > 0 ? t % video.duration : 0
  const seek = (to: number) => {
    seeks.set(video, to)
    video.currentTime = to
  }
  if (playing) {
    if (video.paused) void video.play().catch(() => {})
    if (Math.abs(video.currentTime - want) > 0.25) seek(want)
  } else {
    if (!video.paused) video.pause()
    if (seeks.get(video) !== want) seek(want)
  }
}
