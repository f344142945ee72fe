import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { compositionApi, mediaApi, type Composition } from '@storyreel/core'
import { benchClient, signUp } from './support/api-client'
import { startApp } from './support/server-process'
import { requestRender, waitSettled } from './support/short-video'

/**
 * The video a new user gets with every default (issue 34's proof): six real photographs, the
 * issue's suggestion, composed and rendered through the server as `npm start` runs it. Prints
 * its slides, length, music and loudness, the darkest frame at each boundary against its two
 * slides, and writes the MP4 and a contact sheet (in time order: the middle of each slide, then
 * the boundary after it) to bench/out/default-video/.
 *
 *   npm run default-video -w @storyreel/bench [-- --ratio 9:16]
 */
const run = promisify(execFile)
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const PHOTOS = ['by-the-water', 'fallen-leaf', 'path', 'kite', 'evening-glow', 'summer-1am']
const SUGGESTION = 'A calm autumn walk by the lake, ending at night under the stars'
const ratio = process.argv.includes('--ratio')
  ? process.argv[process.argv.indexOf('--ratio') + 1]!
  : '9:16'

/** Mean luma (0-255) of the frame at `t`, over a small grey copy. */
async function luma(video: string, t: number): Promise<number> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      t.toFixed(3),
      '-i',
      video,
      '-frames:v',
      '1',
      '-vf',
      'scale=64:-2,format=gray',
      '-f',
      'rawvideo',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  )
  return stdout.reduce((sum, v) => sum + v, 0) / stdout.length
}

async function main() {
  const out = path.join(repoRoot, 'bench', 'out', 'default-video')
  await mkdir(out, { recursive: true })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'storyreel-default-video-'))
  const { server, base } = await startApp(repoRoot, dataDir).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true })
    throw err
  })
  try {
    const client = benchClient(base)
    await signUp(client, dataDir, 'default-video@example.com')
    const form = new FormData()
    form.append('suggestion', SUGGESTION)
    for (const name of PHOTOS) {
      const file = path.join(repoRoot, 'bench', 'vision', 'photos', `${name}.jpg`)
      form.append('files', new File([await readFile(file)], `${name}.jpg`, { type: 'image/jpeg' }))
    }
    const { descriptions } = await client.ok(mediaApi.describe, { body: form })
    const { content } = await client.ok(compositionApi.create, {
      body: { suggestion: SUGGESTION, imageDescriptions: descriptions, ratio: ratio as '9:16' },
    })
    const composition: Composition = content
    const task = await waitSettled(client, await requestRender(client, composition))
    if (task.state !== 'FINISHED') throw new Error(`render ended ${task.state}`)
    const rendered = (task.composition ?? composition).composition
    const video = path.join(out, 'video.mp4')
    await run('cp', [path.join(dataDir, 'files', 'renders', task.id, 'video.mp4'), video])

    console.log(`suggestion: ${SUGGESTION} (${ratio})`)
    console.log(`music: ${JSON.stringify(composition.movieParams.music ?? null)}`)
    let start = 0
    const middles: number[] = []
    const boundaries: number[] = []
    for (const [i, slide] of rendered.entries()) {
      const subject = descriptions.find((d) => d.filename === slide.filename)?.subject ?? '-'
      console.log(
        `slide ${i + 1}: ${slide.duration.toFixed(1)} s, ${slide.transition?.type ?? 'cut'}, ` +
          `${subject}: "${slide.narration ?? ''}"`,
      )
      middles.push(start + slide.duration / 2)
      start += slide.duration
      if (i < rendered.length - 1) boundaries.push(start)
    }
    const { stdout: probe } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      video,
    ])
    console.log(`length: ${Number(probe).toFixed(2)} s (slides add up to ${start.toFixed(2)} s)`)
    const { stderr: loud } = await run('ffmpeg', [
      '-hide_banner',
      '-nostats',
      '-i',
      video,
      '-map',
      '0:a',
      '-af',
      'ebur128=peak=true',
      '-f',
      'null',
      '-',
    ])
    const summary = loud.slice(loud.lastIndexOf('Summary:'))
    console.log(
      `loudness: ${/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]} LUFS, true peak ${/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]} dBTP`,
    )
    for (const [k, t] of boundaries.entries()) {
      const darkest = Math.min(
        ...(await Promise.all([-0.3, -0.15, 0, 0.15, 0.3].map((d) => luma(video, t + d)))),
      )
      const sides = await Promise.all([luma(video, middles[k]!), luma(video, middles[k + 1]!)])
      console.log(
        `boundary ${k + 1}: darkest ${darkest.toFixed(0)}, slides ${sides.map((v) => v.toFixed(0)).join(' and ')} (darker than half the darker side: ${darkest < Math.min(...sides) / 2 ? 'yes' : 'no'})`,
      )
    }
    const times = [...middles, ...boundaries]
    const select = times
      .map((t) => `lt(prev_pts*TB\\,${t.toFixed(3)})*gte(pts*TB\\,${t.toFixed(3)})`)
      .join('+')
    const sheet = path.join(out, 'contact-sheet.jpg')
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      video,
      '-vf',
      `select='${select}',scale=270:-2,tile=${rendered.length}x2`,
      '-frames:v',
      '1',
      sheet,
    ])
    console.log(
      `wrote ${path.relative(repoRoot, video)} and ${path.relative(repoRoot, sheet)} (in time order: each slide's middle, then the boundary after it)`,
    )
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
