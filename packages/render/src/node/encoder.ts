import { spawn, type ChildProcess } from 'node:child_process'
import { FPS } from '../engine'
import { audioMix, type ClipAudio } from './audio-mix'

export interface EncoderOptions {
  width: number
  height: number
  frames: number
  outFile: string
  narration: string | null
  clips: ClipAudio[]
  ffmpeg: string
  onSpawn?: (child: ChildProcess) => void
}

/** x264 settings of the render, shared with bench/render's bound (a re-encode of the output). */
export const X264_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '21',
  '-pix_fmt',
  'yuv420p',
]

export interface Encoder {
  /** Queues one RGBA frame; resolves when ffmpeg can take the next (backpressure). */
  write(frame: Buffer): Promise<void>
  /** Ends the input and waits for the MP4 to be complete. */
  finish(): Promise<void>
  kill(): void
}

/**
 * One ffmpeg process: raw RGBA frames on stdin -> H.264 yuv420p at 30 fps, AAC soundtrack,
 * faststart MP4.
 */
export function startEncoder(o: EncoderOptions): Encoder {
  const total = o.frames / FPS
  const audio = audioMix(total, o.narration, o.clips)
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${o.width}x${o.height}`, '-r', String(FPS)],
    ...['-i', 'pipe:0'],
    ...audio.inputs,
    ...['-filter_complex', audio.graph, '-map', '0:v', '-map', '[a]'],
    ...X264_ARGS,
    ...['-r', String(FPS), '-c:a', 'aac', '-b:a', '128k'],
    ...['-t', total.toFixed(3), '-movflags', '+faststart', '-f', 'mp4', o.outFile],
  ]
  const child = spawn(o.ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] })
  o.onSpawn?.(child)
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve(code))
  })
  const failure = () => new Error(`ffmpeg failed: ${stderr.trim() || 'exited early'}`)
  // A write after ffmpeg died fails with EPIPE; the exit code and stderr tell the real story.
  child.stdin.on('error', () => {})
  return {
    async write(frame) {
      if (child.exitCode !== null || child.stdin.destroyed) throw failure()
      if (!child.stdin.write(frame)) {
        await new Promise<void>((resolve, reject) => {
          const onDrain = () => {
            child.off('close', onClose)
            resolve()
          }
          const onClose = () => {
            child.stdin.off('drain', onDrain)
            reject(failure())
          }
          child.stdin.once('drain', onDrain)
          child.once('close', onClose)
        })
      }
    },
    async finish() {
      child.stdin.end()
      const code = await exited
      if (code !== 0) throw failure()
    },
    kill() {
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
