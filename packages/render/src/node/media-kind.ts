import { extname } from 'node:path'

/** Whether a slide's media is a clip (decoded by ffmpeg) rather than a still picture. */
export function isVideo(filename: string): boolean {
  return extname(filename).toLowerCase() === '.mp4'
}
