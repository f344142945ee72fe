import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Regions of the Mandelbrot set: fine detail everywhere, like the texture of a photograph. */
const VIEWS = [
  [-0.743643887, 0.131825904, 0.002],
  [-0.7453, 0.1127, 0.01],
  [-1.25066, 0.02012, 0.02],
  [-0.16, 1.0405, 0.03],
  [0.28693186889504513, 0.014286693904085048, 0.0005],
  [-0.8, 0.156, 0.08],
  [-1.7687, 0.00173, 0.0015],
  [0.001643721971153, -0.822467633298876, 0.0002],
] as const

/**
 * Eight 3000x2000 photo-like JPEGs (detailed, softly lit, with sensor grain), made once and
 * kept in bench/out.
 */
export async function benchPhotos(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const files: string[] = []
  for (const [i, [x, y, s]] of VIEWS.entries()) {
    const file = join(dir, `photo-${i}.jpg`)
    files.push(file)
    if (existsSync(file)) continue
    const graph =
      `mandelbrot=s=3000x2000:start_x=${x}:start_y=${y}:start_scale=${s}:end_scale=${s}:maxiter=600:inner=period,` +
      `gblur=sigma=1.2,noise=alls=14:allf=t,vignette=PI/5,eq=saturation=0.7:gamma=1.1`
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      graph,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      file,
    ])
  }
  return files
}

/** Seconds of each bench clip. */
export const CLIP_SECONDS = 5

/**
 * Six 1920x1080 30 fps H.264 clips of CLIP_SECONDS with a tone (a phone clip has sound): three
 * dives into the Mandelbrot set, three of the bench photos panned and zoomed as a hand-held
 * camera would, all with moving sensor grain. Made once and kept in `dir`.
 */
export async function benchClips(dir: string): Promise<string[]> {
  const photos = await benchPhotos(dir)
  const files: string[] = []
  for (let i = 0; i < 6; i++) {
    const file = join(dir, `clip-${i}.mp4`)
    files.push(file)
    if (existsSync(file)) continue
    const frames = CLIP_SECONDS * 30
    const [x, y, s] = VIEWS[i]!
    const picture =
      i % 2 === 0
        ? [
            '-f',
            'lavfi',
            '-i',
            `mandelbrot=s=1920x1080:r=30:start_x=${x}:start_y=${y}:start_scale=${s * 8}:end_scale=${s}:end_pts=${frames}:maxiter=300:inner=period`,
          ]
        : ['-loop', '1', '-framerate', '30', '-i', photos[i]!]
    const motion =
      i % 2 === 0
        ? 'noise=alls=6:allf=t'
        : `zoompan=z='1.1+0.15*on/${frames}':x='(iw-iw/zoom)*on/${frames}':y='(ih-ih/zoom)*(0.5+0.3*sin(on/20))':d=1:s=1920x1080:fps=30,noise=alls=6:allf=t`
    await run('ffmpeg', [
      ...['-v', 'error', '-y', ...picture],
      ...['-f', 'lavfi', '-i', `sine=f=${330 + 110 * i}:r=48000`],
      ...['-vf', `${motion},format=yuv420p`, '-t', String(CLIP_SECONDS)],
      // A phone's bitrate: grain at a constant quality would make a clip several times larger.
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-maxrate', '16M'],
      ...['-bufsize', '32M', '-c:a', 'aac', '-shortest'],
      file,
    ])
  }
  return files
}
