import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { authApi, compositionApi, mediaApi, tasksApi, type Ratio } from '@storyreel/core'
import { tasks, users } from '../../db/schema'
import { signUp, type ApiClient } from '../../../test/client'
import { formWith, pictureFile } from '../../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../../test/test-server'

let server: TestServer
beforeAll(async () => {
  // No worker: these tests look at requests and queueing, not at rendering.
  server = await startTestServer()
})
afterAll(() => server.close())

async function describeFiles(client: ApiClient, count = 2) {
  const files = Array.from({ length: count }, (_, i) => pictureFile(`p${i}.png`, { hue: i * 90 }))
  const res = await client.call(mediaApi.describe, { body: formWith(files) })
  return res.data.descriptions
}

async function composeFor(client: ApiClient, suggestion = 'Hello there', ratio?: Ratio) {
  const imageDescriptions = await describeFiles(client)
  const res = await client.call(compositionApi.create, {
    body: { suggestion, imageDescriptions, ratio },
  })
  expect(res.status).toBe(200)
  return res.data.content
}

describe('composition', () => {
  it('composes one slide per described file', async () => {
    const { client } = await signUp(server)
    const content = await composeFor(client, 'Our trip. The best days.')
    expect(content.composition).toHaveLength(2)
    expect(content.composition[0]!.effects.some((e) => e.name === 'animated_text')).toBe(true)
    expect(content.movieParams).toMatchObject({ width: 1920, height: 1080 })
  })

  it('composes for the chosen format and refuses an unknown one', async () => {
    const { client } = await signUp(server)
    const tall = await composeFor(client, 'Our trip.', '9:16')
    expect(tall.movieParams).toMatchObject({ width: 1080, height: 1920 })
    const res = await client.unchecked<{ fields: string[] }>(compositionApi.create, {
      body: { suggestion: '', imageDescriptions: await describeFiles(client), ratio: '3:2' },
    })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_zod_validation_error')
    expect(res.data.fields).toEqual(['ratio'])
  })

  it("will not compose or render another user's media", async () => {
    const alice = await signUp(server)
    const bob = await signUp(server)
    const imageDescriptions = await describeFiles(alice.client, 1)
    const create = await bob.client.call(compositionApi.create, {
      body: { suggestion: '', imageDescriptions },
    })
    expect(create.status).toBe(404)
    expect(create.message).toBe('msg_media_not_found')

    const content = await composeFor(alice.client)
    const render = await bob.client.call(compositionApi.render, { body: { composition: content } })
    expect(render.status).toBe(404)
    expect(render.message).toBe('msg_media_not_found')
  })

  it('validates the whole composition and names the bad fields', async () => {
    const { client } = await signUp(server)
    const content = await composeFor(client)
    const bad = structuredClone(content) as unknown as {
      movieParams: { width: number }
      composition: { duration: number }[]
    }
    bad.movieParams.width = 1081
    bad.composition[0]!.duration = -1
    const res = await client.unchecked<{ fields: string[] }>(compositionApi.render, {
      body: { composition: bad },
    })
    expect(res.status).toBe(400)
    expect(res.message).toBe('msg_zod_validation_error')
    expect(res.data.fields).toEqual(
      expect.arrayContaining([
        'composition.movieParams.width',
        'composition.composition.0.duration',
      ]),
    )
  })
})

describe('render requests and tasks', () => {
  it('queues a task the owner can see, with its place in the queue; others get 404', async () => {
    const { client } = await signUp(server)
    const other = await signUp(server)
    const content = await composeFor(client, 'Hello there', '9:16')
    const first = await client.call(compositionApi.render, {
      body: { composition: content },
    })
    const second = await client.call(compositionApi.render, {
      body: { composition: content },
    })
    expect(first.status).toBe(200)
    const t1 = await client.call(tasksApi.get, { params: { id: first.data.taskId } })
    const t2 = await client.call(tasksApi.get, { params: { id: second.data.taskId } })
    expect(t1.data).toMatchObject({ state: 'QUEUED', subtask: null })
    expect(t2.data.positionInQueue).toBe(t1.data.positionInQueue! + 1)

    for (const endpoint of [tasksApi.get, tasksApi.result, tasksApi.thumbnail]) {
      const res = await other.client.call(endpoint, { params: { id: first.data.taskId } })
      expect(res.status).toBe(404)
      expect(res.message).toBe('msg_task_not_found')
    }
    expect(
      (await other.client.call(tasksApi.delete, { params: { id: first.data.taskId } })).status,
    ).toBe(404)
    expect(
      (await client.call(tasksApi.get, { params: { id: first.data.taskId } })).data.state,
    ).toBe('QUEUED')

    const list = await client.call(tasksApi.listUser, { query: { thumbnail: 'true' } })
    expect(list.data.map((t) => t.id).sort()).toEqual(
      [first.data.taskId, second.data.taskId].sort(),
    )
    expect((await other.client.call(tasksApi.list)).data).toEqual([])

    const result = await client.call(tasksApi.result, { params: { id: first.data.taskId } })
    expect(result.status).toBe(409)
    expect(result.message).toBe('msg_task_not_finished')
  })

  it('refuses the render past the monthly limit; renders failed on our side do not count, deleted ones do', async () => {
    const { client, email } = await signUp(server)
    const content = await composeFor(client)
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      ids.push(
        (await client.call(compositionApi.render, { body: { composition: content } })).data.taskId,
      )
    }
    expect((await client.call(authApi.updateVideoLimit)).data).toEqual({ limitReached: false })
    // A render that failed on our side gives the user nothing: it does not count.
    await server.app.services.db
      .update(tasks)
      .set({ state: 'CANCELLED', cancelReason: 'render_failed' })
      .where(eq(tasks.id, ids[0]!))
    await client.call(compositionApi.render, { body: { composition: content } })
    expect((await client.call(authApi.updateVideoLimit)).data).toEqual({ limitReached: false })
    // A deleted video still counts.
    expect((await client.call(tasksApi.delete, { params: { id: ids[1] } })).status).toBe(200)
    const fifth = await client.call(compositionApi.render, { body: { composition: content } })
    expect(fifth.status).toBe(200)
    expect((await client.call(authApi.updateVideoLimit)).data).toEqual({ limitReached: true })
    const sixth = await client.call(compositionApi.render, { body: { composition: content } })
    expect(sixth.status).toBe(403)
    expect(sixth.message).toBe('msg_video_limit_reached')

    // A STARTER user has room for more.
    await server.app.services.db
      .update(users)
      .set({ plan: 'STARTER' })
      .where(eq(users.email, email))
    expect(
      (await client.call(compositionApi.render, { body: { composition: content } })).status,
    ).toBe(200)
  })

  it('marks a deleted task DELETED and takes it off the lists', async () => {
    const { client } = await signUp(server)
    const content = await composeFor(client)
    const { taskId } = (
      await client.call(compositionApi.render, { body: { composition: content } })
    ).data
    expect((await client.call(tasksApi.delete, { params: { id: taskId } })).status).toBe(200)
    expect((await client.call(tasksApi.get, { params: { id: taskId } })).data.state).toBe('DELETED')
    expect((await client.call(tasksApi.list)).data).toEqual([])
    expect((await client.call(tasksApi.listUser, { query: { thumbnail: 'true' } })).data).toEqual(
      [],
    )
  })
})
