import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { parseArgs } from 'node:util'
import {
  CompositionSchema,
  EFFECT_NAMES,
  effectDescriptor,
  RENDER_COST,
  type Composition,
  type Framing,
} from '@storyreel/core'
import { renderComposition } from '@storyreel/render/node'
import { benchPhotos } from './render-media'

/**
 * bench/effect-cost: measures the weights of core's render budget (RENDER_COST). Renders one
 * slide of a 3000x2000 photo under a zoom (a moving picture: x264 codes a still one several
 * times faster, so a still base would flatter), then with each other effect added at its
 * costliest settings within the bounds (its descriptor's renderCost.costliest), then fitted
 * instead of covering, and prints CPU seconds (this process, its render thread and ffmpeg;
 * Linux) per second of video per megapixel: the base (photo and clip), and what each effect and
 * the fit framing add, beside the figures in core. CPU time, not wall time: it holds on a busy
 * machine.
 *
 *   npm run effect-cost -w @storyreel/bench [-- --seconds 3 --size 1080x1920 --runs 2]
 */
const run = promisify(execFile)
const OUT = new URL('./out/', import.meta.url).pathname

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    size: { type: 'string', default: '1080x1920' },
    runs: { type: 'string', default: '2' },
  },
})
const seconds = Number(values.seconds)
const [width, height] = values.size.split('x').map(Number) as [number, number]
const runs = Number(values.runs)

async function clip(): Promise<string> {
  const file = join(OUT, 'clip-1920x1080.mp4')
  if (!existsSync(file)) {
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=10'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', file],
    ])
  }
  return file
}

function composition(
  media: string,
  effects: Composition['composition'][0]['effects'],
  framing: Framing,
) {
  return CompositionSchema.parse({
    movieParams: { width, height, voice: null },
    composition: [{ id: 'cost', filename: basename(media), duration: seconds, effects, framing }],
  })
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString())

/** CPU seconds this process and its finished children have used (/proc/self/stat). */
function cpuSeconds(): number {
  // After the command name: utime, stime, cutime and cstime are fields 14-17 of proc(5).
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0)
  return ticks / TICKS_PER_SECOND
}

/** The least CPU time of `runs` renders, in seconds. */
async function timeRender(
  media: string,
  effects: unknown[],
  framing: Framing = 'cover',
): Promise<number> {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const t0 = cpuSeconds()
    await renderComposition({
      composition: composition(media, effects as Composition['composition'][0]['effects'], framing),
      resolveMedia: (f) => join(OUT, f),
      outFile: join(OUT, 'cost.mp4'),
      thumbnailFile: join(OUT, 'cost.jpg'),
    })
    best = Math.min(best, cpuSeconds() - t0)
  }
  return best
}

const megapixels = (width * height) / 1e6
/** CPU seconds per second of video per megapixel. */
const perUnit = (cpu: number) => cpu / seconds / megapixels
const fmt = (v: number) => v.toFixed(3).padStart(7)

const zoom = { name: 'zoom', params: effectDescriptor('zoom').renderCost.costliest }
const [photo] = await benchPhotos(OUT)
const base = perUnit(await timeRender(photo!, [zoom]))
const video = perUnit(await timeRender(await clip(), []))
console.log(`${width}x${height}, ${seconds} s slides; CPU s per video-second per MP (core's)`)
console.log(`base (photo, zoom) ${fmt(base)}  (${fmt(RENDER_COST.base)})`)
console.log(`base (clip)        ${fmt(video)}  (${fmt(RENDER_COST.base)})`)
for (const name of EFFECT_NAMES.filter((n) => n !== 'zoom')) {
  const params = effectDescriptor(name).renderCost.costliest
  const added = perUnit(await timeRender(photo!, [zoom, { name, params }])) - base
  console.log(`+ ${name.padEnd(16)} ${fmt(added)}  (${fmt(RENDER_COST.effects[name])})`)
}
// The 3:2 photo fitted in the frame: its backdrop scaled up under it on every frame.
const fitted = perUnit(await timeRender(photo!, [zoom], 'fit')) - base
console.log(`+ ${'fit framing'.padEnd(16)} ${fmt(fitted)}  (${fmt(RENDER_COST.framing.fit)})`)
