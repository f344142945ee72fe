import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { audioMix } from '../src/node/audio-mix'
import { bandVolume, run, tempDir } from './helpers'

/**
 * The soundtrack's graph reads its files itself (amovie), so their paths sit inside a filter
 * graph: a path holding every character the graph treats specially must still be read.
 */
describe('audioMix', () => {
  it('reads narration and clips from paths with quotes, colons, commas, brackets and semicolons', async () => {
    const dir = join(await tempDir(), `it's: a, [hard]; path\\ here`)
    await mkdir(dir)
    const voice = join(dir, "voice: 'one', [a];.wav")
    const clip = join(dir, 'clip, [b]; c:d.mp4')
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=2', voice])
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=64x64:d=1'],
      ...['-f', 'lavfi', '-i', 'sine=f=1200:d=1', '-shortest', clip],
    ])
    const out = join(dir, 'mix.m4a')
    const graph = audioMix(3, voice, [{ file: clip, offset: 0, duration: 3 }])
    await run('ffmpeg', ['-v', 'error', '-filter_complex', graph, '-map', '[a]', '-t', '3', out])
    // The voice for its two seconds; the one-second clip looped over all three.
    const speaking = await bandVolume(out, 0.2, 1.5, 440)
    expect(speaking).toBeGreaterThan(-40)
    expect(await bandVolume(out, 2.2, 0.6, 440)).toBeLessThan(speaking - 20)
    expect(await bandVolume(out, 2.2, 0.6, 1200)).toBeGreaterThan(-40)
  })
})
