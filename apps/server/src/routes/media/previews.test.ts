import { rm, stat } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaApi, uploadPreviewUrl, uploadUrl } from '@storyreel/core'
import { signUp, type ApiClient } from '../../../test/client'
import {
  clipFile,
  formWith,
  pictureFile,
  untaggedHdClipFile,
  withExifOrientation,
} from '../../../test/media-fixtures'
import { startTestServer, type TestServer } from '../../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function upload(client: ApiClient, files: File[]) {
  const res = await client.call(mediaApi.describe, { body: formWith(files) })
  expect(res.status).toBe(200)
  return res.data.descriptions.map((d) => d.filename)
}

const listed = async (client: ApiClient) =>
  (await client.call(mediaApi.listUploads, { query: { compressed: 'true' } })).data

const previewFile = (userId: string, name: string) =>
  path.join(server.env.DATA_DIR, 'files', 'previews', userId, `${name}.webp`)

async function userIdOf(name: string) {
  const rows = await server.app.services.db.query.media.findMany()
  return rows.find((r) => r.name === name)!.userId
}

describe('upload previews', () => {
  it('are made at upload, listed as compressedUrl, WebP no wider than 720 px', async () => {
    const { client } = await signUp(server)
    const wide = pictureFile('wide.png', { width: 2400, height: 1200 })
    const small = pictureFile('small.jpg', { width: 300, height: 500, format: 'jpeg' })
    const [wideName, smallName, clipName] = await upload(client, [
      wide,
      small,
      clipFile('clip.mp4', 2, 1280, 720),
    ])
    const items = await listed(client)
    for (const item of items) {
      expect(item.compressedUrl).toBe(uploadPreviewUrl(item.name))
      expect(await stat(previewFile(await userIdOf(item.name), item.name))).toBeTruthy()
    }
    const look = async (name: string) => {
      const res = await client.call(mediaApi.getUploadPreview, { params: { name } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      return sharp(res.body).metadata()
    }
    expect(await look(wideName!)).toMatchObject({ format: 'webp', width: 720, height: 360 })
    // Never enlarged.
    expect(await look(smallName!)).toMatchObject({ width: 300, height: 500 })
    // A clip's preview is its poster frame (ffmpeg keeps heights even: 405 becomes 406).
    expect(await look(clipName!)).toMatchObject({ format: 'webp', width: 720, height: 406 })
  })

  it("show a clip in the colours the browser plays it with, even when its stream doesn't say", async () => {
    const { client } = await signUp(server)
    const red = [200, 40, 60] as const
    const [name] = await upload(client, [untaggedHdClipFile('untagged.mp4', red)])
    const res = await client.call(mediaApi.getUploadPreview, { params: { name } })
    const { data, info } = await sharp(res.body).raw().toBuffer({ resolveWithObject: true })
    const centre =
      (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
    const shown = [...data.subarray(centre, centre + 3)]
    // Read as BT.601, ffmpeg's own guess, the red came out as (184, 22, 56).
    for (const [c, level] of red.entries()) {
      expect(
        Math.abs(shown[c]! - level),
        `${red.join(', ')} shown as ${shown.join(', ')}`,
      ).toBeLessThanOrEqual(6)
    }
  })

  it('keep the list as it was without compressed=true', async () => {
    const { client } = await signUp(server)
    const [name] = await upload(client, [pictureFile('a.png')])
    const [item] = (await client.call(mediaApi.listUploads)).data
    expect(item!.compressedUrl).toBe(uploadUrl(name))
  })

  it('are turned upright like the photo is shown', async () => {
    const { client } = await signUp(server)
    const sideways = await withExifOrientation(
      pictureFile('phone.jpg', { width: 1600, height: 1200, format: 'jpeg' }),
      6,
    )
    const [name] = await upload(client, [sideways])
    const res = await client.call(mediaApi.getUploadPreview, { params: { name } })
    expect(await sharp(res.body).metadata()).toMatchObject({ width: 720, height: 960 })
  })

  it('are deleted with their upload', async () => {
    const { client } = await signUp(server)
    const [name] = await upload(client, [pictureFile('gone.png')])
    const file = previewFile(await userIdOf(name!), name!)
    await stat(file)
    expect((await client.call(mediaApi.deleteUpload, { params: { name } })).status).toBe(200)
    await expect(stat(file)).rejects.toThrow()
    const res = await client.call(mediaApi.getUploadPreview, { params: { name } })
    expect(res).toMatchObject({ status: 404, message: 'msg_media_not_found' })
  })

  it("are their owner's only", async () => {
    const owner = await signUp(server)
    const other = await signUp(server)
    const [name] = await upload(owner.client, [pictureFile('mine.png')])
    const res = await other.client.call(mediaApi.getUploadPreview, { params: { name } })
    expect(res).toMatchObject({ status: 404, message: 'msg_media_not_found' })
    expect(res.body.toString()).not.toContain('RIFF')
  })

  it('are made on first request for uploads stored before previews existed', async () => {
    const { client } = await signUp(server)
    const [name] = await upload(client, [pictureFile('old.png', { width: 1000, height: 1000 })])
    const file = previewFile(await userIdOf(name!), name!)
    await rm(file)
    const res = await client.call(mediaApi.getUploadPreview, { params: { name } })
    expect(await sharp(res.body).metadata()).toMatchObject({
      format: 'webp',
      width: 720,
      height: 720,
    })
    await stat(file)
  })
})
