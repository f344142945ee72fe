import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeS3 } from '../../../test/fake-s3'
import { s3Storage } from './s3-storage'
import { localStorage } from './local-storage'
import type { Storage } from './storage'

let dir: string
let s3: Awaited<ReturnType<typeof startFakeS3>>
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storyreel-storage-'))
  s3 = await startFakeS3('media')
})
afterAll(async () => {
  await s3.close()
  await rm(dir, { recursive: true, force: true })
})

const stores: [string, () => Storage][] = [
  ['local directory', () => localStorage(path.join(dir, 'files'))],
  [
    'S3-compatible',
    () =>
      s3Storage({
        endpoint: s3.endpoint,
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        cacheDir: path.join(dir, 'cache'),
      }),
  ],
]

describe.each(stores)('%s storage', (_name, open) => {
  it('stores, reads whole and by range, lists sizes and deletes', async () => {
    const storage = open()
    const src = path.join(dir, `src-${Math.random()}`)
    await writeFile(src, 'hello storyreel')
    await storage.putFile('renders/t1/video.mp4', src)
    await expect(readFile(src)).rejects.toThrow() // moved in, not copied
    expect(await storage.size('renders/t1/video.mp4')).toBe(15)
    expect(await text(storage.read('renders/t1/video.mp4'))).toBe('hello storyreel')
    expect(await text(storage.read('renders/t1/video.mp4', { start: 6, end: 14 }))).toBe(
      'storyreel',
    )
    expect(await readFile(await storage.localPath('renders/t1/video.mp4'), 'utf8')).toBe(
      'hello storyreel',
    )
    expect(await storage.size('renders/t1/missing.jpg')).toBeNull()

    await writeFile(src, 'thumb')
    await storage.putFile('renders/t1/thumbnail.jpg', src)
    await storage.deletePrefix('renders/t1')
    expect(await storage.size('renders/t1/video.mp4')).toBeNull()
    expect(await storage.size('renders/t1/thumbnail.jpg')).toBeNull()

    await writeFile(src, 'x')
    await storage.putFile('uploads/u/a.png', src)
    await storage.delete('uploads/u/a.png')
    expect(await storage.size('uploads/u/a.png')).toBeNull()
  })
})

it('keeps keys inside the local root', async () => {
  await expect(localStorage(path.join(dir, 'files')).localPath('../escape')).rejects.toThrow(
    /escapes/,
  )
})
