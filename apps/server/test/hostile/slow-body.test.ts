import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { authApi } from '@storyreel/core'
import { signUp, type ApiClient } from '../client'
import { startTestServer, type TestServer } from '../test-server'
import { bystanderDuring, recordTries } from './attack'
import { openUpload, PICTURE_PART_START } from './raw-upload'

let server: TestServer
beforeAll(async () => {
  // A small limit, so that the trickling uploads are cut off within seconds.
  server = await startTestServer({ env: { REQUEST_TIMEOUT_SECONDS: '2' }, logs: true })
})
afterAll(() => server.close())

const SLOW_UPLOADS = 10

const tmpFiles = async () =>
  (await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [] as string[])).length

/** An upload that sends its head, the start of a picture, then a byte every 100 ms. */
async function slowUpload(client: ApiClient): Promise<string> {
  const { socket, answer } = await openUpload(server, client, 1024 * 1024, PICTURE_PART_START)
  const drip = setInterval(() => socket.write('\0'), 100)
  try {
    return await answer
  } finally {
    clearInterval(drip)
  }
}

it(`${SLOW_UPLOADS} uploads sending a byte now and then`, async (ctx) => {
  const { client } = await signUp(server)
  let mostTmpFiles = 0
  const watch = setInterval(() => {
    void tmpFiles().then((n) => (mostTmpFiles = Math.max(mostTmpFiles, n)))
  }, 50)
  let answers: string[] = []
  const bystander = await bystanderDuring(
    () => client.call(authApi.verifySession),
    async () => {
      answers = await Promise.all(Array.from({ length: SLOW_UPLOADS }, () => slowUpload(client)))
    },
  )
  clearInterval(watch)
  recordTries(ctx, SLOW_UPLOADS)

  // Each held a temporary file until the server cut it off with a 408 in the spec's format.
  expect(mostTmpFiles).toBeGreaterThan(0)
  for (const answer of answers) {
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(answer).toContain('"message":"msg_request_timeout"')
  }
  // The uploads' temporary files are gone with them, and another user was answered meanwhile.
  await expect.poll(tmpFiles).toBe(0)
  expect(bystander.answered).toBeGreaterThan(0)
  expect(bystander.failed).toBe(0)
  // Slow clients are no failure of the server's: noted at info, nothing at error.
  const timedOut = server.logs.filter((e) => e.code === 'msg_request_timeout')
  expect(timedOut).toHaveLength(SLOW_UPLOADS)
  expect(timedOut.every((e) => e.level === 30)).toBe(true)
  expect(server.logs.filter((e) => Number(e.level) >= 50)).toEqual([])
})
