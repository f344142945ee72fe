import { afterAll, beforeAll, expect, it } from 'vitest'
import { signUp } from '../client'
import { bytesOf, fileOf, padded, pngBomb } from '../crafted-media'
import { formWith, pictureFile } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { bystanderDuring, recordTries } from './attack'
import { storedUploads } from './stored-uploads'
import { mediaApi, tasksApi } from '@storyreel/core'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

it('a 65 KB PNG of 23170x23170 pixels', { timeout: 120_000 }, async (ctx) => {
  const attacker = await signUp(server)
  const bystander = await signUp(server)
  const bomb = fileOf(pngBomb(23170, 23170), 'bomb.png')
  expect(bomb.size).toBeLessThan(100_000)
  const answers: { status: number; message: string | null }[] = []
  // The server runs in this process: one decoded bomb would raise its peak by 2 GB.
  const peakBefore = process.resourceUsage().maxRSS
  // A held server refuses each bomb from its header, before decoding it (a decode takes 5-8 s),
  // and answers the other user throughout.
  const bystanderSaw = await bystanderDuring(
    () => bystander.client.call(tasksApi.list),
    async () => {
      while (answers.length < 20 && answers.at(-1)?.status !== 200) {
        answers.push(await attacker.client.call(mediaApi.describe, { body: formWith([bomb]) }))
      }
    },
  )
  recordTries(ctx, answers.length)
  for (const answer of answers) {
    expect(answer).toMatchObject({ status: 400, message: 'msg_image_too_large' })
  }
  const { files, rows, tmp } = await storedUploads(server)
  expect({ files: files.size, rows: rows.length, tmp }).toEqual({ files: 0, rows: 0, tmp: [] })
  expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(512 * 1024) // KB
  expect(bystanderSaw.failed).toBe(0)
  expect(bystanderSaw.answered).toBeGreaterThan(0)
})

it('a picture padded with 20 MB of zeros after its end marker', async (ctx) => {
  const { client } = await signUp(server)
  const picture = await bytesOf(pictureFile('padded.png'))
  const res = await client.call(mediaApi.describe, {
    body: formWith([fileOf(padded(picture, 20 * 1024 * 1024), 'padded.png')]),
  })
  recordTries(ctx, 1)
  expect(res.status).toBe(200)
  const name = res.data.descriptions[0]!.filename
  const { files, rows } = await storedUploads(server)
  // Stored and counted as the picture it is, without the padding.
  expect(files.get(name)).toBe(picture.length)
  expect(rows.find((r) => r.name === name)?.size).toBe(picture.length)
})
