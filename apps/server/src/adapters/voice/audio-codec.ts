import { readFile } from 'node:fs/promises'
import { NARRATION_TARGET_LUFS } from '@storyreel/core'
import { runTool } from '@storyreel/render/server'

/** Every voice comes out alike: mono MP3 at the rate of the RHVoice voices, 64 kbit/s. */
const MP3_ARGS = ['-ar', '24000', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k']

/**
 * Encodes a spoken WAV file as MP3 at the narration's loudness: the engines' voices lie 12 LU
 * apart, and a preview should not jump in volume from one voice to the next. The MP3 goes to a
 * file, not a pipe, so that its LAME header records the encoder delay and players trim it:
 * word times stay true to the millisecond.
 */
export async function encodeMp3(
  wavFile: string,
  mp3File: string,
  ffmpeg: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const loudness = `loudnorm=I=${NARRATION_TARGET_LUFS}:TP=-1.5:LRA=11`
  const args = ['-v', 'error', '-y', '-i', wavFile, '-af', loudness, ...MP3_ARGS, mp3File]
  await runTool(ffmpeg, args, { signal })
  return readFile(mp3File)
}

/** Decodes audio to 16 kHz mono 16-bit PCM: what the recogniser listens to. */
export async function decodePcm16k(
  file: string,
  ffmpeg: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const args = ['-v', 'error', '-i', file, '-ar', '16000', '-ac', '1', '-f', 's16le', 'pipe:1']
  return runTool(ffmpeg, args, { signal })
}
