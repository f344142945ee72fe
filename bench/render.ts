import { AAC_ARGS, codesGrain, renderComposition, x264Args } from '@storyreel/render/node'
import { DEFAULT_MUSIC_VOLUME } from '@storyreel/core'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { load, measure, reencode } from './measure'
import {
  allEffectsJob,
  clipsJob,
  effectJobs,
  fourKJob,
  headlineJob,
  type RenderJob,
} from './render-jobs'
import { renderThroughApi } from './render-api'
import { benchClips, benchPhotos, CLIP_SECONDS } from './render-media'

/**
 * bench/render: renders each job through the real renderComposition (render thread, ffmpeg
 * encoder, clip decoders) and prints one line per job: wall time, realtime factor, the bound (a
 * re-encode of the job's own output, picture and sound, with the same codec settings) and the
 * ratio to it, CPU seconds of the render and of the bound (they hold on a busy machine, where
 * wall time does not; through the API, the server's whole process tree's), and peak memory of
 * the whole process tree (this process, its threads and ffmpegs).
 *
 *   npm run render -w @storyreel/bench                  every job but the 4K one
 *   npm run render -w @storyreel/bench -- --only blur   jobs whose name contains a word
 *   npm run render -w @storyreel/bench -- --4k          the 3-minute 4K job too
 *
 * Jobs: headline-api (the headline job as a user waits for it: through the server started as
 * `npm start` starts it, from the render request to FINISHED; peak memory of the server's
 * process group), headline-api-music (the same with a built-in track: the music's cost, to
 * compare with headline-api in the same run), headline-1080x1920, headline-1920x1080, effect-<name> for each effect alone
 * at its heaviest, effect-distort-<preset> for each of distort's presets, all-effects, clips,
 * 4k-3min.
 */
const OUT = new URL('./out/', import.meta.url).pathname

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true, default: [] },
    '4k': { type: 'boolean', default: false },
  },
})

function wanted(name: string): boolean {
  if (name === '4k-3min' && !values['4k'] && !values.only.some((w) => name.includes(w))) {
    return false
  }
  return values.only.length === 0 || values.only.some((w) => name.includes(w))
}

/** Each job, and whether it runs through the API (true) or the engine alone. */
async function jobs(): Promise<{ job: RenderJob; api: boolean }[]> {
  const photos = await benchPhotos(OUT)
  const headline = headlineJob(1080, 1920, photos)
  const list = [
    { job: { ...headline, name: 'headline-api' }, api: true },
    { job: withMusic({ ...headline, name: 'headline-api-music' }), api: true },
    ...[
      headline,
      headlineJob(1920, 1080, photos),
      ...effectJobs(photos[0]!),
      allEffectsJob(photos),
    ].map((job) => ({ job, api: false })),
  ]
  if (wanted('clips')) list.push({ job: clipsJob(await benchClips(OUT), CLIP_SECONDS), api: false })
  list.push({ job: fourKJob(photos), api: false })
  return list.filter(({ job }) => wanted(job.name))
}

/** The job with the default built-in track under it. */
function withMusic(job: RenderJob): RenderJob {
  const { movieParams } = job.composition
  const music = { track: 'still-water', volume: DEFAULT_MUSIC_VOLUME } as const
  return { ...job, composition: { ...job.composition, movieParams: { ...movieParams, music } } }
}

const gb = (bytes: number) => (bytes / 2 ** 30).toFixed(2)

async function bench(job: RenderJob, api: boolean): Promise<string> {
  const outFile = join(OUT, `render-${job.name}.mp4`)
  const busy = load()
  const { width, height } = job.composition.movieParams
  const seconds = job.composition.composition.reduce((sum, s) => sum + s.duration, 0)
  const codecs = [...x264Args(width, height, codesGrain(job.composition.composition)), ...AAC_ARGS]
  let render: { wall: number; cpu: number; peak: number }
  let bound
  if (api) {
    const photos = await benchPhotos(OUT)
    const rendered = await renderThroughApi(job.composition, photos)
    render = rendered
    bound = await reencode(rendered.videoFile, join(OUT, 'bound.mp4'), codecs)
    await rendered.cleanUp()
  } else {
    render = await measure(() =>
      renderComposition({
        composition: job.composition,
        resolveMedia: (f) => join(OUT, f),
        outFile,
        thumbnailFile: join(OUT, `render-${job.name}.jpg`),
      }),
    )
    bound = await reencode(outFile, join(OUT, 'bound.mp4'), codecs)
  }
  const cpu = `cpu ${render.cpu.toFixed(1).padStart(5)} s / bound ${bound.cpu.toFixed(1).padStart(5)} s = ${(render.cpu / bound.cpu).toFixed(2)}`
  return [
    job.name.padEnd(21),
    `${seconds.toFixed(0).padStart(3)} s video`,
    `wall ${render.wall.toFixed(1).padStart(5)} s`,
    `realtime ${(seconds / render.wall).toFixed(2)}x`,
    `bound ${bound.wall.toFixed(1).padStart(5)} s`,
    `ratio ${(render.wall / bound.wall).toFixed(2)}`,
    cpu,
    `peak ${gb(render.peak)} GB`,
    `load ${busy.toFixed(1)}`,
  ].join('  ')
}

for (const { job, api } of await jobs()) console.log(await bench(job, api))
