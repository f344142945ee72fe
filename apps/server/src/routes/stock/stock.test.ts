import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STOCK_LIMITS, mediaApi, uploadPreviewUrl } from '@storyreel/core'
import { apiClient, signUp } from '../../../test/client'
import { FAKE_KEYS, FAKE_TOTAL, startFakeStock, type FakeStock } from '../../../test/stock-servers'
import { startTestServer, type TestServer } from '../../../test/test-server'

let fake: FakeStock
let server: TestServer
beforeAll(async () => {
  fake = await startFakeStock()
  server = await startTestServer({ env: fake.env })
})
afterAll(async () => {
  await server?.close()
  await fake?.close()
})

/** The provider calls made since `before`. */
const callsSince = (before: number) => fake.requests.slice(before)

describe('GET /media/stock/sources', () => {
  it('says which tabs have a key, to a signed-in user only', async () => {
    const { client } = await signUp(server)
    expect(await client.ok(mediaApi.stockSources)).toEqual({
      unsplash: true,
      pexels: true,
      pixabay: true,
      video: true,
    })
    const bare = await startTestServer()
    try {
      const { client: elsewhere } = await signUp(bare)
      expect(Object.values(await elsewhere.ok(mediaApi.stockSources))).toEqual([
        false,
        false,
        false,
        false,
      ])
      const anonymous = await apiClient(bare).call(mediaApi.stockSources)
      expect(anonymous).toMatchObject({ status: 401 })
    } finally {
      await bare.close()
    }
  })
})

describe('GET /media/:provider', () => {
  it('searches Unsplash with its key and maps its photos, sized for the frame', async () => {
    const { client } = await signUp(server)
    const before = fake.requests.length
    const res = await client.call(mediaApi.searchStock, {
      params: { provider: 'unsplash' },
      query: { query: 'sea', page: 2, per_page: 21, w: 1080, h: 1920 },
    })
    expect(res.status).toBe(200)
    const [call] = callsSince(before)
    expect(call).toMatchObject({
      provider: 'unsplash',
      path: '/search/photos',
      authorization: 'Client-ID test-unsplash',
    })
    expect(Object.fromEntries(call!.query)).toEqual({
      query: 'sea',
      page: '2',
      per_page: '21',
      orientation: 'portrait',
    })
    expect(res.data).toHaveLength(21)
    const item = res.data[0]!
    expect(item).toMatchObject({
      name: 'unsplash-Ph0to21xYz.jpg',
      type: 'image',
      isExternalProvider: true,
      videoPath: null,
      lastModified: '2014-11-18T14:35:36Z',
      author: 'Jeff Sheldon',
      authorUrl: 'https://unsplash.com/@ugmonk?utm_source=storyreel&utm_medium=referral',
      sourceUrl: 'https://unsplash.com/photos/Ph0to21xYz?utm_source=storyreel&utm_medium=referral',
    })
    expect(item.compressedUrl).toMatch(/^https:\/\/images\.unsplash\.com\/.*&w=400&fit=max$/)
    // A 6000x4000 photo covering a 1080x1920 frame must be 2880 wide.
    const path = new URL(item.path)
    expect(path.host).toBe('images.unsplash.com')
    expect(path.searchParams.get('w')).toBe('2880')
    expect(path.searchParams.get('ixid')).toBe('M3w21')
  })

  it('searches Pexels photos with its key, picking the rendition that covers the frame', async () => {
    const { client } = await signUp(server)
    const before = fake.requests.length
    const square = await client.call(mediaApi.searchStock, {
      params: { provider: 'pexels' },
      query: { query: 'forest', w: 1080, h: 1080 },
    })
    const [call] = callsSince(before)
    expect(call).toMatchObject({ path: '/v1/search', authorization: 'test-pexels' })
    expect(Object.fromEntries(call!.query)).toMatchObject({
      orientation: 'square',
      per_page: '21',
      page: '1',
    })
    expect(square.data).toHaveLength(21)
    expect(square.data[0]).toMatchObject({
      name: 'pexels-1000.jpg',
      type: 'image',
      isExternalProvider: true,
      author: 'Lukas Rodriguez',
      authorUrl: 'https://www.pexels.com/@lukas-rodriguez-1845331',
      sourceUrl: 'https://www.pexels.com/photo/trees-during-day-1000/',
    })
    expect(square.data[0]!.compressedUrl).toMatch(/h=350$/)
    // large2x (1880x1253) covers 1080x1080; a 1920x1080 frame needs the original.
    expect(square.data[0]!.path).toMatch(/dpr=2&h=650&w=940$/)
    const wide = await client.call(mediaApi.searchStock, {
      params: { provider: 'pexels' },
      query: { query: 'forest', w: 1920, h: 1080 },
    })
    expect(wide.data[0]!.path).toBe('https://images.pexels.com/photos/1000/pexels-photo-1000.jpeg')
  })

  it('searches Pixabay photos with its key as a parameter', async () => {
    const { client } = await signUp(server)
    const before = fake.requests.length
    const res = await client.call(mediaApi.searchStock, {
      params: { provider: 'pixabay' },
      query: { query: 'flower', w: 864, h: 1080 },
    })
    const [call] = callsSince(before)
    expect(call).toMatchObject({ provider: 'pixabay', path: '/api/' })
    expect(Object.fromEntries(call!.query)).toMatchObject({
      key: 'test-pixabay',
      q: 'flower',
      image_type: 'photo',
      orientation: 'vertical',
      per_page: '21',
    })
    expect(res.data[0]).toMatchObject({
      name: 'pixabay-3000.jpg',
      type: 'image',
      // 1280 wide (853 high) does not cover 1080 high; no larger file without full access.
      path: 'https://pixabay.com/get/g3000def_1280.jpg',
      compressedUrl: 'https://pixabay.com/get/g3000abc_340.jpg',
      author: 'Josch13',
      authorUrl: 'https://pixabay.com/users/Josch13-48777/',
      sourceUrl: 'https://pixabay.com/photos/blossom-bloom-flower-3000/',
    })
  })

  it('merges Pexels and Pixabay videos in the video tab, 11 and 10 to a page of 21', async () => {
    const { client } = await signUp(server)
    const before = fake.requests.length
    const res = await client.call(mediaApi.searchStock, {
      params: { provider: 'video' },
      query: { query: 'waves', w: 1280, h: 720 },
    })
    const calls = callsSince(before)
    expect(calls.map((c) => `${c.provider}${c.path} ${c.query.get('per_page')}`).sort()).toEqual([
      'pexels/videos/search 11',
      'pixabay/api/videos/ 10',
    ])
    expect(res.data).toHaveLength(21)
    expect(res.data.slice(0, 3).map((v) => v.name)).toEqual([
      'pexels-video-2000.mp4',
      'pixabay-video-4000.mp4',
      'pexels-video-2001.mp4',
    ])
    const [pexels, pixabay] = res.data
    expect(pexels).toMatchObject({
      type: 'video',
      path: 'https://videos.pexels.com/video-files/2000/2000-hd_1280_720_25fps.mp4',
      videoPath: 'https://videos.pexels.com/video-files/2000/2000-hd_1280_720_25fps.mp4',
      compressedUrl: expect.stringMatching(/^https:\/\/images\.pexels\.com\/videos\/2000\//),
      author: 'Ruvim Miksanskiy',
    })
    expect(pixabay).toMatchObject({
      type: 'video',
      path: 'https://cdn.pixabay.com/video/2015/08/08/4000-135736646_medium.mp4',
      videoPath: 'https://cdn.pixabay.com/video/2015/08/08/4000-135736646_medium.mp4',
      compressedUrl: 'https://cdn.pixabay.com/video/2015/08/08/4000-135736646_tiny.jpg',
    })
  })

  it('pages to the end: the last page is short, past it is empty', async () => {
    const { client } = await signUp(server)
    const last = await client.call(mediaApi.searchStock, {
      params: { provider: 'pexels' },
      query: { query: 'end', page: 3 },
    })
    expect(last.data).toHaveLength(FAKE_TOTAL - 2 * 21)
    const past = await client.call(mediaApi.searchStock, {
      params: { provider: 'pexels' },
      query: { query: 'end', page: 4 },
    })
    expect(past.data).toEqual([])
  })

  it("shows the provider's curated or popular items without a query", async () => {
    const { client } = await signUp(server)
    const before = fake.requests.length
    for (const provider of ['unsplash', 'pexels', 'pixabay', 'video']) {
      const res = await client.call(mediaApi.searchStock, { params: { provider } })
      expect(res.data, provider).toHaveLength(21)
    }
    expect(
      callsSince(before)
        .map((c) => `${c.provider}${c.path}`)
        .sort(),
    ).toEqual([
      'pexels/v1/curated',
      'pexels/videos/popular',
      'pixabay/api/',
      'pixabay/api/videos/',
      'unsplash/photos',
    ])
  })

  it('answers a repeated search from its cache, for any user', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    const before = fake.requests.length
    const first = await a.client.call(mediaApi.searchStock, {
      params: { provider: 'unsplash' },
      query: { query: 'cached', w: 1920, h: 1080 },
    })
    const again = await b.client.call(mediaApi.searchStock, {
      params: { provider: 'unsplash' },
      query: { query: 'Cached', w: 1920, h: 1080 },
    })
    expect(again.data).toEqual(first.data)
    expect(callsSince(before)).toHaveLength(1)
    await a.client.call(mediaApi.searchStock, {
      params: { provider: 'unsplash' },
      query: { query: 'cached', w: 1920, h: 1080, page: 2 },
    })
    expect(callsSince(before)).toHaveLength(2)
  })

  it('answers msg_invalid_provider for anything but the four stock tabs', async () => {
    const { client } = await signUp(server)
    for (const provider of ['local', 'UNSPLASH', 'giphy', 'video.']) {
      const res = await client.call(mediaApi.searchStock, {
        params: { provider },
        query: { query: 'x' },
      })
      expect(res, provider).toMatchObject({ status: 400, message: 'msg_invalid_provider' })
    }
  })

  it('refuses bad paging and anyone signed out', async () => {
    const { client } = await signUp(server)
    const bad = await client.unchecked<{ fields: string[] }>(mediaApi.searchStock, {
      params: { provider: 'pexels' },
      query: { per_page: 31, page: 0 },
    })
    expect(bad).toMatchObject({ status: 400, message: 'msg_zod_validation_error' })
    expect(bad.data.fields.sort()).toEqual(['page', 'per_page'])
    const anonymous = await apiClient(server).call(mediaApi.searchStock, {
      params: { provider: 'pexels' },
      query: { query: 'x' },
    })
    expect(anonymous).toMatchObject({ status: 401, message: 'msg_session_verification_failed' })
  })

  it('answers msg_stock_unavailable when the provider fails, and does not cache it', async () => {
    const { client } = await signUp(server)
    const before = fake.requests.length
    for (let i = 0; i < 2; i++) {
      const res = await client.call(mediaApi.searchStock, {
        params: { provider: 'pexels' },
        query: { query: 'fail' },
      })
      expect(res).toMatchObject({ status: 502, message: 'msg_stock_unavailable' })
    }
    expect(callsSince(before)).toHaveLength(2)
  })

  it("lets the page show the configured providers' previews and clips (CSP)", async () => {
    const { client } = await signUp(server)
    const res = await client.call(mediaApi.searchStock, {
      params: { provider: 'pexels' },
      query: { query: 'csp' },
    })
    const csp = res.headers.get('content-security-policy') ?? ''
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src')) ?? ''
    for (const host of ['images.unsplash.com', 'images.pexels.com', 'cdn.pixabay.com']) {
      expect(imgSrc).toContain(`https://${host}`)
    }
    expect(csp).toMatch(/media-src[^;]*https:\/\/videos\.pexels\.com/)
  })

  it('limits how often one user searches', async () => {
    const { client } = await signUp(server)
    const answers = []
    for (let i = 0; i <= STOCK_LIMITS.searchesPerMinute; i++) {
      answers.push(
        await client.call(mediaApi.searchStock, {
          params: { provider: 'pexels' },
          query: { query: 'often' },
        }),
      )
    }
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true)
    expect(answers.at(-1)).toMatchObject({ status: 429, message: 'msg_too_many_requests' })
  })
})

describe('POST /media/download', () => {
  async function stored() {
    const root = path.join(server.env.DATA_DIR, 'files')
    const files = await readdir(root, { recursive: true }).catch(() => [] as string[])
    const tmp = await readdir(path.join(server.env.DATA_DIR, 'tmp')).catch(() => [])
    return { files: files.filter((f) => /\.\w+$/.test(String(f))).length, tmp }
  }

  it('stores a stock photo in the library like an upload, with its preview', async () => {
    const { client } = await signUp(server)
    const res = await client.call(mediaApi.downloadStock, {
      body: { url: `${fake.url}/media/photo.jpg` },
    })
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ type: 'image', isExternalProvider: false, videoPath: null })
    expect(res.data.name).toMatch(/^[0-9a-f-]{36}\.jpg$/)
    expect(res.data.compressedUrl).toBe(uploadPreviewUrl(res.data.name))
    const list = await client.call(mediaApi.listUploads, { query: { compressed: 'true' } })
    expect(list.data.map((m) => m.name)).toEqual([res.data.name])
    const file = await client.raw({ method: 'GET', path: res.data.path })
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    const preview = await client.raw({ method: 'GET', path: res.data.compressedUrl! })
    expect(await sharp(preview.body).metadata()).toMatchObject({
      format: 'webp',
      width: 720,
      height: 405,
    })
  })

  it('reports a taken Unsplash photo to Unsplash, as its API guidelines ask', async () => {
    const { client } = await signUp(server)
    const before = fake.requests.length
    const res = await client.call(mediaApi.downloadStock, {
      body: { url: `${fake.url}/media/photo.jpg`, name: 'unsplash-abc_123.jpg' },
    })
    expect(res.status).toBe(200)
    const reports = fake.requests
      .slice(before)
      .filter((r) => r.provider === 'unsplash' && r.path === '/photos/abc_123/download')
    expect(reports).toHaveLength(1)
    expect(reports[0]!.authorization).toBe(`Client-ID ${FAKE_KEYS.unsplash}`)
    // Other providers' items report nothing.
    const other = fake.requests.length
    await client.call(mediaApi.downloadStock, {
      body: { url: `${fake.url}/media/photo.jpg`, name: 'pexels-42.jpeg' },
    })
    expect(fake.requests.slice(other).filter((r) => r.path.includes('/download'))).toEqual([])
  })

  it('stores a stock clip', async () => {
    const { client } = await signUp(server)
    const res = await client.call(mediaApi.downloadStock, {
      body: { url: `${fake.url}/media/clip.mp4` },
    })
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ type: 'video', videoPath: res.data.path })
    expect(res.data.name).toMatch(/\.mp4$/)
  })

  it('refuses hosts that are not the providers media hosts, and redirects to them', async () => {
    const { client } = await signUp(server)
    const before = await stored()
    const cases = [
      'http://127.0.0.1:9/a.jpg',
      'https://example.com/a.jpg',
      `http://localhost:${fake.port}/media/photo.jpg`,
      `${fake.url}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${fake.port + 1}/media/photo.jpg`)}`,
      `${fake.url}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      `${fake.url}/chain/4`,
    ]
    for (const url of cases) {
      const res = await client.call(mediaApi.downloadStock, { body: { url } })
      expect(res, url).toMatchObject({ status: 400, message: 'msg_download_refused' })
    }
    expect(await stored()).toEqual(before)
  })

  it('refuses a body past the upload limit and a body that is not media, keeping nothing', async () => {
    const { client } = await signUp(server)
    const before = await stored()
    for (const file of ['huge.jpg', 'declared-huge.jpg', 'page.jpg']) {
      const res = await client.call(mediaApi.downloadStock, {
        body: { url: `${fake.url}/media/${file}` },
      })
      expect(res, file).toMatchObject({ status: 400, message: 'msg_unsupported_file' })
    }
    expect(await stored()).toEqual(before)
    expect((await client.call(mediaApi.listUploads)).data).toEqual([])
  })

  it('answers msg_stock_unavailable when the file is missing, and refuses non-URLs', async () => {
    const { client } = await signUp(server)
    const missing = await client.call(mediaApi.downloadStock, {
      body: { url: `${fake.url}/media/none.jpg` },
    })
    expect(missing).toMatchObject({ status: 502, message: 'msg_stock_unavailable' })
    const bad = await client.call(mediaApi.downloadStock, { body: { url: 'not a url' } })
    expect(bad).toMatchObject({ status: 400, message: 'msg_zod_validation_error' })
  })

  it('needs a signed-in user', async () => {
    const res = await apiClient(server).call(mediaApi.downloadStock, {
      body: { url: `${fake.url}/media/photo.jpg` },
    })
    expect(res).toMatchObject({ status: 401, message: 'msg_session_verification_failed' })
  })
})
