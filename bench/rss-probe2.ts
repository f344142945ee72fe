import { renderJob } from '../packages/render/src/node/render-job'
import { DEFAULT_TOOLS } from '../packages/render/src/node/run-tool'
import { join } from 'node:path'
import { benchPhotos } from './render-media'
import { headlineJob } from './render-jobs'
const OUT = new URL('./out/', import.meta.url).pathname
const photos = await benchPhotos(OUT)
const mb = () => (process.memoryUsage().rss / 2 ** 20).toFixed(0)
const line = ['start ' + mb()]
for (let i = 0; i < 5; i++) {
  const job = headlineJob(1080, 1920, photos)
  const c = job.composition
  await renderJob({ composition: c, mediaPaths: c.composition.map((s) => join(OUT, s.filename)), outFile: join(OUT, 'probe.mp4'), thumbnailFile: join(OUT, 'probe.jpg'), narration: null, words: [], tools: DEFAULT_TOOLS }, { onProgress() {}, onThumbnail() {}, onSpawn() {} })
  await new Promise((r) => setTimeout(r, 500)); (globalThis as any).gc(); await new Promise((r) => setTimeout(r, 500)); (globalThis as any).gc()
  line.push(mb())
}
console.log(process.env.LABEL, line.join(' '))
