import type { Composition } from '@storyreel/core'
import { renderComposition, X264_ARGS } from '@storyreel/render/node'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { benchPhotos } from './render-media'

/**
 * bench/render: the 32-second job of ARCHITECTURE.md (8 photos of 3000x2000, 4 s each, zoom,
 * animated text, fades) at 1080x1920 and 1920x1080, against its raw bound: a re-encode of the
 * render's own output with the same x264 settings. One summary line per case.
 */
const run = promisify(execFile)
const OUT = new URL('./out/', import.meta.url).pathname

function job(width: number, height: number, photos: string[]): Composition {
  return {
    movieParams: { width, height, voice: null },
    composition: photos.map((file, i) => ({
      id: `bench-${i}`,
      filename: basename(file),
      duration: 4,
      effects: [
        { name: 'zoom', params: { zoomStart: 100 + (i % 3) * 10, zoomEnd: 130 + (i % 4) * 10 } },
        { name: 'fade', params: { fadeInDuration: 0.3, fadeOutDuration: 0.3 } },
        {
          name: 'animated_text',
          params: {
            text: `Chapter ${i + 1}: a day by the sea`,
            fontSize: 72,
            font: ['Arial', 'Georgia', 'Impact', 'Palatino'][i % 4]!,
            color: { r: 255, g: 255, b: 255 },
            fadeInDuration: 0.3,
            fadeOutDuration: 0.2,
            startPositionX: 50,
            startPositionY: 70,
            endPositionX: 50,
            endPositionY: 62,
            textStart: 0.4,
            textEnd: 3.8,
            stream: i % 2 === 0,
            stream_words: false,
            charsPerSecond: 12,
            border: { color: { r: 0, g: 0, b: 0 }, width: 2 },
            align: 'center',
          },
        },
      ],
    })),
  } as Composition
}

/** Resident memory of this process and its child processes (ffmpeg), in bytes. */
function treeRss(pid = process.pid): number {
  const rss = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096
  let children: string[] = []
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
  } catch {
    // gone
  }
  return children.reduce((sum, c) => {
    try {
      return sum + treeRss(Number(c))
    } catch {
      return sum
    }
  }, rss)
}

async function bench(width: number, height: number, photos: string[]): Promise<string> {
  const outFile = join(OUT, `render-${width}x${height}.mp4`)
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss())), 100)
  const t0 = performance.now()
  const { durationSeconds } = await renderComposition({
    composition: job(width, height, photos),
    resolveMedia: (f) => join(OUT, f),
    outFile,
    thumbnailFile: join(OUT, `render-${width}x${height}.jpg`),
  })
  const wall = (performance.now() - t0) / 1000
  clearInterval(sampler)
  const b0 = performance.now()
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    outFile,
    '-an',
    ...X264_ARGS,
    '-f',
    'mp4',
    join(OUT, 'bound.mp4'),
  ])
  const bound = (performance.now() - b0) / 1000
  return (
    `render ${width}x${height} ${durationSeconds}s: wall ${wall.toFixed(1)} s, ` +
    `realtime ${(durationSeconds / wall).toFixed(2)}x, peak ${(peak / 2 ** 30).toFixed(2)} GB, ` +
    `bound ${bound.toFixed(1)} s, ratio ${(wall / bound).toFixed(2)}`
  )
}

const photos = await benchPhotos(OUT)
for (const [w, h] of [
  [1080, 1920],
  [1920, 1080],
] as const) {
  console.log(await bench(w, h, photos))
}
