import { randomUUID } from 'node:crypto'
import { copyFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { mediaApi, tasksApi } from '@storyreel/core'
import { storageKeys } from '../../src/adapters/storage/storage'
import { media } from '../../src/db/schema'
import { signUp, type ApiClient } from '../client'
import { fileOf, flatGif } from '../crafted-media'
import { formWith } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { bystanderDuring, recordTries } from './attack'

let server: TestServer
let gif: File
beforeAll(async () => {
  server = await startTestServer()
  // 39.6 MP, just under the upload limit: a full decode of 160 MB for 170 KB of file.
  gif = fileOf(flatGif(6000, 6600), 'big.gif', 'image/gif')
})
afterAll(() => server.close())

async function uploadGif(client: ApiClient): Promise<string> {
  const res = await client.call(mediaApi.describe, { body: formWith([gif]) })
  expect(res.status).toBe(200)
  return res.data.descriptions[0]!.filename
}

/** `n` more library entries of the user's stored file, each a file of its own, as uploads make. */
async function storedCopies(name: string, n: number): Promise<string[]> {
  const { db, storage } = server.app.services
  const [row] = await db.select().from(media).where(eq(media.name, name))
  const stored = await storage.localPath(storageKeys.upload(row!.userId, name))
  const names = []
  for (let i = 0; i < n; i++) {
    const copy = `${randomUUID()}.gif`
    const tmp = path.join(server.env.DATA_DIR, copy)
    await copyFile(stored, tmp)
    await storage.putFile(storageKeys.upload(row!.userId, copy), tmp)
    await db.insert(media).values({ ...row!, id: undefined, name: copy })
    names.push(copy)
  }
  return names
}

it('the same 40 MP GIF named 50 times, by 3 accounts at once', async (ctx) => {
  const attackers: { client: ApiClient; name: string }[] = []
  for (let i = 0; i < 3; i++) {
    const { client } = await signUp(server)
    attackers.push({ client, name: await uploadGif(client) })
  }
  const bystander = await signUp(server)
  const peakBefore = process.resourceUsage().maxRSS
  const describeAll = () =>
    Promise.all(
      attackers.map(({ client, name }) =>
        client.call(mediaApi.describeStored, { body: { names: Array(50).fill(name) } }),
      ),
    )
  let answers: Awaited<ReturnType<typeof describeAll>> = []
  const bystanderSaw = await bystanderDuring(
    () => bystander.client.call(tasksApi.list),
    async () => {
      answers = await describeAll()
    },
  )
  recordTries(ctx, answers.length)
  // Each file is described once: one description per distinct name.
  for (const [i, answer] of answers.entries()) {
    expect(answer.status).toBe(200)
    expect(answer.data.descriptions.map((d) => d.filename)).toEqual([attackers[i]!.name])
  }
  expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(512 * 1024) // KB
  expect(bystanderSaw.failed).toBe(0)
  expect(bystanderSaw.answered).toBeGreaterThan(0)
})

it('sixteen different 40 MP GIFs in one request', async (ctx) => {
  const { client } = await signUp(server)
  const first = await uploadGif(client)
  const names = [first, ...(await storedCopies(first, 15))]
  const answer = await client.call(mediaApi.describeStored, { body: { names } })
  recordTries(ctx, 1)
  // Over the budget of one request, from the files' headers, before any is decoded.
  expect(answer).toMatchObject({ status: 400, message: 'msg_too_much_to_describe' })
})
