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

  it('plays the soundtrack with music in place of the narration, whose voice alone ducks the clips', async () => {
    const dir = await tempDir()
    const voice = join(dir, 'voice.wav')
    const soundtrack = join(dir, 'soundtrack.wav')
    const clip = join(dir, 'clip.mp4')
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-t', '4', voice])
    // The music (220 Hz) plays throughout; the voice (440 Hz) over the first second.
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=220:d=4', '-i', voice],
      ...['-filter_complex', '[1]apad=whole_dur=4[v];[0][v]amix=normalize=0', soundtrack],
    ])
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=64x64:d=4'],
      ...['-f', 'lavfi', '-i', 'sine=f=1200:d=4', '-shortest', clip],
    ])
    const mix = async (name: string, graph: string) => {
      const out = join(dir, name)
      await run('ffmpeg', ['-v', 'error', '-filter_complex', graph, '-map', '[a]', '-t', '4', out])
      return out
    }
    const clips = [{ file: clip, offset: 0, duration: 4 }]
    const withMusic = await mix('music.m4a', audioMix(4, voice, clips, soundtrack))
    const plain = await mix('plain.m4a', audioMix(4, voice, clips))
    expect(await bandVolume(withMusic, 2, 1.5, 220)).toBeGreaterThan(-40)
    expect(await bandVolume(plain, 2, 1.5, 220)).toBeLessThan(-60)
    // Under the voice the clip drops; where only the music plays, it is as loud as without it.
    const alone = await bandVolume(plain, 2.2, 1.5, 1200)
    expect(await bandVolume(withMusic, 2.2, 1.5, 1200)).toBeCloseTo(alone, 0)
    expect(alone - (await bandVolume(withMusic, 0.2, 0.6, 1200))).toBeGreaterThan(8)
  })
})
