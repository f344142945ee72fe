import { parseArgs } from 'node:util'
import { renderCost, type Composition } from '@storyreel/core'
import { load } from './measure'
import { renderThroughApi } from './render-api'
import { headlineJob, shortJob } from './render-jobs'
import { benchPhotos } from './render-media'
import { quantile } from './support/stats'

/**
 * bench/render-beside: what the short render slot (decision 018) costs the headline job. Through
 * the server started as `npm start` starts it (one render slot and the short slot beside it),
 * each round renders the headline job alone; again while another user renders the largest short
 * render at the default bound once, asked for with the headline; and again while that user
 * renders it back to back (each asked for once the last finished: the short slot never idle, the
 * worst case). Prints each run's wall time and each short's time from request to FINISHED
 * (without the short slot each would wait for the rest of the headline first), then the
 * headline's slowdown: the median of each case over the median alone. Rounds interleave the
 * cases, so that a shared machine's changing load falls on all of them.
 *
 *   npm run render-beside -w @storyreel/bench                 one round
 *   npm run render-beside -w @storyreel/bench -- --rounds 3
 */
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '1' } } })
const OUT = new URL('./out/', import.meta.url).pathname
const photos = await benchPhotos(OUT)
const headline = headlineJob(1080, 1920, photos).composition
const short = shortJob(photos).composition
console.log(
  `estimated cost: headline ${renderCost(headline).toFixed(1)} s, short ${renderCost(short).toFixed(1)} s`,
)

const cases: { label: string; beside?: Composition; besideTimes?: number }[] = [
  { label: 'headline alone' },
  { label: 'headline, one short beside', beside: short, besideTimes: 1 },
  { label: 'headline, shorts beside', beside: short },
]
const walls = new Map<string, number[]>(cases.map((c) => [c.label, []]))

for (let round = 1; round <= Number(values.rounds); round++) {
  for (const { label, beside, besideTimes } of cases) {
    const busy = load()
    const rendered = await renderThroughApi(headline, photos, { beside, besideTimes })
    await rendered.cleanUp()
    walls.get(label)!.push(rendered.wall)
    const shorts = rendered.beside.map((s) => s.toFixed(1)).join(', ')
    console.log(
      [
        label.padEnd(26),
        `wall ${rendered.wall.toFixed(1).padStart(5)} s`,
        `load ${busy.toFixed(1).padStart(4)}`,
        ...(beside ? [`shorts ${rendered.beside.length}: ${shorts} s`] : []),
      ].join('  '),
    )
  }
}
const alone = quantile(walls.get('headline alone')!, 0.5)
for (const { label } of cases.slice(1)) {
  const slowdown = quantile(walls.get(label)!, 0.5) / alone
  console.log(`${label}: ${slowdown.toFixed(2)}x the headline alone (medians)`)
}
