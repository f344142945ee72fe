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
