import { execFileSync } from 'node:child_process'

/** Whether an ffmpeg process is writing this task's video (its work folder is in its arguments). */
export function ffmpegRunningFor(taskId: string): boolean {
  try {
    return execFileSync('pgrep', ['-af', 'ffmpeg']).toString().includes(taskId)
  } catch {
    return false // pgrep exits 1 when nothing matches
  }
}
