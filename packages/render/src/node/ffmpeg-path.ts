/** ffmpeg 5.1 or newer; FFMPEG_PATH / FFPROBE_PATH override the ones on PATH. */
export function ffmpegPath(override?: string): string {
  return override ?? process.env.FFMPEG_PATH ?? 'ffmpeg'
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH ?? 'ffprobe'
}
