import { afterAll, beforeAll, expect, it } from 'vitest'
import { signUp } from '../client'
import { formWith, pictureFile } from '../media-fixtures'
import { startTestServer, type TestServer } from '../test-server'
import { recordTries } from './attack'
import { storedUploads } from './stored-uploads'
import { mediaApi } from '@storyreel/core'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

it('control characters and a NUL byte in an upload filename', async (ctx) => {
  const { client } = await signUp(server)
  const names = [
    'nul\0byte.png',
    'bell\x07\x1b[31mred\x7f.png',
    `${'long'.repeat(200)}\u202egnp.png`,
  ]
  const answers = []
  for (const name of names) {
    answers.push(await client.call(mediaApi.describe, { body: formWith([pictureFile(name)]) }))
  }
  recordTries(ctx, names.length)

  for (const answer of answers) expect(answer.status).toBe(200)
  const { files, rows, tmp } = await storedUploads(server)
  // Every stored file has its row, and no row keeps a control character or an endless name.
  expect([...files.keys()].sort()).toEqual(rows.map((r) => r.name).sort())
  for (const row of rows) {
    expect(row.originalName).not.toMatch(/[\p{Cc}\u202e]/u)
    expect(row.originalName.length).toBeLessThanOrEqual(255)
  }
  expect(tmp).toEqual([])
})
