import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { compositionApi, mediaApi } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { storageKeys } from '../../src/adapters/storage/storage'
import { media } from '../../src/db/schema'
import type { ApiClient } from '../client'
import { clipFile, formWith, pictureFile } from '../media-fixtures'
import type { TestServer } from '../test-server'

/**
 * A small render time limit for a test server's env, so that a render held past it is cut off
 * within seconds, not minutes.
 */
export const SHORT_RENDER_TIME_LIMIT = { RENDER_TIME_FACTOR: '0.1', RENDER_TIME_MIN_SECONDS: '15' }

/** Queues a render of the composition as the user; its task id. */
export async function queueRender(client: ApiClient, composition: Composition): Promise<string> {
  const res = await client.call(compositionApi.render, { body: { composition } })
  if (res.status !== 200) throw new Error(`render: ${res.status} ${res.message}`)
  return res.data.taskId
}

/** Uploads a small real picture as the user; its stored name. */
export async function uploadPicture(client: ApiClient): Promise<string> {
  const described = await client.call(mediaApi.describe, {
    body: formWith([pictureFile('a.png', { width: 640, height: 480 })]),
  })
  return described.data.descriptions[0]!.filename
}

/**
 * A composition of `slides` slides of one media file, `seconds` each, with these effects as sent
 * (unchecked: attacks send what the schema refuses too).
 */
export function movieOf(
  filename: string,
  size: [number, number],
  slides: number,
  seconds: number,
  effects: unknown[],
): Composition {
  return {
    movieParams: { width: size[0], height: size[1], voice: null },
    composition: Array.from({ length: slides }, (_, i) => ({
      id: `s${i}`,
      filename,
      duration: seconds,
      effects,
    })),
  } as Composition
}

/** Uploads a short clip, then moves `replacement` (a local file) over its stored file; its name. */
export async function uploadClipReplacedBy(
  server: TestServer,
  client: ApiClient,
  replacement: string,
): Promise<string> {
  const described = await client.call(mediaApi.describe, {
    // A clip of its own: the same one again would be the file replaced before.
    body: formWith([clipFile(`clip-${randomUUID()}.mp4`, 1, 160, 90)]),
  })
  const name = described.data.descriptions[0]!.filename
  const { db, storage } = server.app.services
  const [row] = await db.select().from(media).where(eq(media.name, name))
  await storage.putFile(storageKeys.upload(row!.userId, name), replacement)
  return name
}

/**
 * A one-slide composition of a clip whose stored file then turns to garbage, as a failing disk or
 * object store would leave it: its render fails for good on our side, and ffprobe's error names
 * the file's absolute path.
 */
export async function damagedClipComposition(
  server: TestServer,
  client: ApiClient,
): Promise<Composition> {
  const garbage = path.join(server.env.DATA_DIR, 'garbage.mp4')
  await writeFile(garbage, Buffer.alloc(4096, 7))
  return movieOf(await uploadClipReplacedBy(server, client, garbage), [160, 90], 1, 1, [])
}

/**
 * A clip whose stored file then becomes a pipe nobody writes to, as a stalled network disk would
 * leave it: a render of it waits at reading its media, holding its worker, until its time limit
 * or a delete stops it, however fast the machine. Its stored name.
 */
export async function heldClip(server: TestServer, client: ApiClient): Promise<string> {
  const pipe = path.join(server.env.DATA_DIR, `held-${randomUUID()}.mp4`)
  await promisify(execFile)('mkfifo', [pipe])
  return uploadClipReplacedBy(server, client, pipe)
}
