import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { UPLOAD_RULES } from '@storyreel/core'
import { bytesOf } from './crafted-media'
import { clipFile, pictureFile } from './media-fixtures'

/**
 * Fake stock providers on 127.0.0.1, answering Unsplash's, Pexels' and Pixabay's real JSON
 * formats (as their API documentation shows them), and serving media files to download.
 */

export const FAKE_KEYS = {
  unsplash: 'test-unsplash',
  pexels: 'test-pexels',
  pixabay: 'test-pixabay',
}

/** Every query has this many results, so paging comes to an end. */
export const FAKE_TOTAL = 50

export interface SeenRequest {
  provider: 'unsplash' | 'pexels' | 'pixabay'
  path: string
  query: URLSearchParams
  authorization: string | undefined
}

// Photos are 6000x4000 and videos come in four sizes, so each frame picks a different rendition.

export function unsplashPhoto(i: number) {
  const id = `Ph0to${i}xYz`
  const raw = `https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixid=M3w${i}&ixlib=rb-4.0.3`
  return {
    id,
    slug: `a-photo-${id}`,
    created_at: '2014-11-18T14:35:36Z',
    updated_at: '2024-05-01T10:00:00Z',
    width: 6000,
    height: 4000,
    color: '#a7a2a1',
    blur_hash: 'LaLXMa9Fx[D%~q%MtQM|kDRjtRIU',
    description: 'A man drinking a coffee.',
    alt_description: 'man holding a mug',
    urls: {
      raw,
      full: `${raw}&q=85&fm=jpg&crop=entropy&cs=srgb`,
      regular: `${raw}&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max`,
      small: `${raw}&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=400&fit=max`,
      thumb: `${raw}&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=200&fit=max`,
    },
    links: {
      self: `https://api.unsplash.com/photos/${id}`,
      html: `https://unsplash.com/photos/${id}`,
      download: `https://unsplash.com/photos/${id}/download`,
      download_location: `https://api.unsplash.com/photos/${id}/download?ixid=M3w${i}`,
    },
    user: {
      id: 'Ul0QVz12Goo',
      username: 'ugmonk',
      name: 'Jeff Sheldon',
      links: { html: 'https://unsplash.com/@ugmonk' },
    },
  }
}

export function pexelsPhoto(i: number) {
  const id = 1000 + i
  const original = `https://images.pexels.com/photos/${id}/pexels-photo-${id}.jpeg`
  const sized = (p: string) => `${original}?auto=compress&cs=tinysrgb&${p}`
  return {
    id,
    width: 6000,
    height: 4000,
    url: `https://www.pexels.com/photo/trees-during-day-${id}/`,
    photographer: 'Lukas Rodriguez',
    photographer_url: 'https://www.pexels.com/@lukas-rodriguez-1845331',
    photographer_id: 1845331,
    avg_color: '#374824',
    src: {
      original,
      large2x: sized('dpr=2&h=650&w=940'),
      large: sized('h=650&w=940'),
      medium: sized('h=350'),
      small: sized('h=130'),
      portrait: sized('fit=crop&h=1200&w=800'),
      landscape: sized('fit=crop&h=627&w=1200'),
      tiny: sized('dpr=1&fit=crop&h=200&w=280'),
    },
    liked: false,
    alt: 'Brown rocks during golden hour',
  }
}

export function pexelsVideo(i: number) {
  const id = 2000 + i
  const file = (quality: string, width: number, height: number) => ({
    id: id * 10 + width,
    quality,
    file_type: 'video/mp4',
    width,
    height,
    fps: 25,
    link: `https://videos.pexels.com/video-files/${id}/${id}-${quality}_${width}_${height}_25fps.mp4`,
  })
  return {
    id,
    width: 3840,
    height: 2160,
    url: `https://www.pexels.com/video/video-of-forest-${id}/`,
    image: `https://images.pexels.com/videos/${id}/free-video-${id}.jpg?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200`,
    duration: 32,
    user: { id: 574687, name: 'Ruvim Miksanskiy', url: 'https://www.pexels.com/@digitech' },
    video_files: [
      file('uhd', 3840, 2160),
      file('hd', 1920, 1080),
      file('hd', 1280, 720),
      file('sd', 640, 360),
      // A streaming playlist has no size: never a candidate.
      {
        id: id * 10,
        quality: 'hls',
        file_type: 'video/mp4',
        width: null,
        height: null,
        fps: null,
        link: `https://player.vimeo.com/external/${id}.m3u8`,
      },
    ],
    video_pictures: [
      {
        id: id * 100,
        picture: `https://images.pexels.com/videos/${id}/pictures/preview-0.jpg`,
        nr: 0,
      },
    ],
  }
}

export function pixabayImage(i: number) {
  const id = 3000 + i
  return {
    id,
    pageURL: `https://pixabay.com/photos/blossom-bloom-flower-${id}/`,
    type: 'photo',
    tags: 'blossom, bloom, flower',
    previewURL: `https://cdn.pixabay.com/photo/2013/10/15/09/12/flower-${id}_150.jpg`,
    previewWidth: 150,
    previewHeight: 100,
    webformatURL: `https://pixabay.com/get/g${id}abc_640.jpg`,
    webformatWidth: 640,
    webformatHeight: 427,
    largeImageURL: `https://pixabay.com/get/g${id}def_1280.jpg`,
    imageWidth: 6000,
    imageHeight: 4000,
    imageSize: 4731420,
    views: 7671,
    downloads: 6439,
    collections: 10,
    likes: 5,
    comments: 2,
    user_id: 48777,
    user: 'Josch13',
    userImageURL: 'https://cdn.pixabay.com/user/2013/11/05/02-10-23-764_250x250.jpg',
  }
}

export function pixabayVideo(i: number) {
  const id = 4000 + i
  const file = (size: string, width: number, height: number, bytes: number) => ({
    url: `https://cdn.pixabay.com/video/2015/08/08/${id}-135736646_${size}.mp4`,
    width,
    height,
    size: bytes,
    thumbnail: `https://cdn.pixabay.com/video/2015/08/08/${id}-135736646_${size}.jpg`,
  })
  return {
    id,
    pageURL: `https://pixabay.com/videos/id-${id}/`,
    type: 'film',
    tags: 'flowers, yellow, blossom',
    duration: 12,
    videos: {
      large: file('large', 1920, 1080, 6_615_235),
      medium: file('medium', 1280, 720, 3_562_083),
      small: file('small', 960, 540, 2_030_472),
      tiny: file('tiny', 640, 360, 1_030_736),
    },
    views: 4462,
    downloads: 1464,
    likes: 18,
    comments: 0,
    user_id: 1281706,
    user: 'Coverr-Free-Footage',
    userImageURL: 'https://cdn.pixabay.com/user/2015/10/16/09-28-45-303_250x250.png',
  }
}

/** Result indices of one page, as the providers page them. */
function pageOf(query: URLSearchParams, perPageName = 'per_page') {
  const page = Number(query.get('page') ?? 1)
  const perPage = Number(query.get(perPageName) ?? 15)
  const from = (page - 1) * perPage
  return Array.from(
    { length: Math.max(0, Math.min(perPage, FAKE_TOTAL - from)) },
    (_, i) => from + i,
  )
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/** The providers' APIs: `fail` as a query answers 500, `nothing` finds nothing. */
function answerApi(seen: SeenRequest, res: ServerResponse) {
  const { provider, path, query } = seen
  const q = query.get('query') ?? query.get('q') ?? ''
  if (q === 'fail') return json(res, 500, { error: 'Internal Server Error' })
  const items = q === 'nothing' ? [] : pageOf(query)
  const total = q === 'nothing' ? 0 : FAKE_TOTAL
  if (provider === 'unsplash') {
    if (seen.authorization !== `Client-ID ${FAKE_KEYS.unsplash}`) {
      return json(res, 401, { errors: ['OAuth error: The access token is invalid'] })
    }
    if (path === '/photos') return json(res, 200, items.map(unsplashPhoto))
    const taken = /^\/photos\/([\w-]+)\/download$/.exec(path)
    if (taken) return json(res, 200, { url: `https://images.unsplash.com/photo-${taken[1]}` })
    if (path === '/search/photos') {
      return json(res, 200, {
        total,
        total_pages: Math.ceil(total / 10),
        results: items.map(unsplashPhoto),
      })
    }
  }
  if (provider === 'pexels') {
    if (seen.authorization !== FAKE_KEYS.pexels) return json(res, 401, { error: 'Unauthorized' })
    const page = {
      page: Number(query.get('page') ?? 1),
      per_page: items.length,
      total_results: total,
    }
    if (path === '/v1/search' || path === '/v1/curated') {
      return json(res, 200, { ...page, photos: items.map(pexelsPhoto) })
    }
    if (path === '/videos/search' || path === '/videos/popular') {
      return json(res, 200, {
        ...page,
        url: 'https://www.pexels.com/videos/',
        videos: items.map(pexelsVideo),
      })
    }
  }
  if (provider === 'pixabay') {
    if (query.get('key') !== FAKE_KEYS.pixabay) {
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end('[ERROR 400] Invalid or missing API key')
      return
    }
    const body = { total, totalHits: Math.min(total, 500) }
    if (path === '/api/') return json(res, 200, { ...body, hits: items.map(pixabayImage) })
    if (path === '/api/videos/') return json(res, 200, { ...body, hits: items.map(pixabayVideo) })
  }
  json(res, 404, { error: 'Not found' })
}

export interface FakeMedia {
  /** 1600x900 JPEG. */
  photo: Buffer
  /** A 2 s H.264 clip, 320x240. */
  clip: Buffer
}

export async function fakeMedia(): Promise<FakeMedia> {
  return {
    photo: await bytesOf(pictureFile('photo.jpg', { width: 1600, height: 900, format: 'jpeg' })),
    clip: await bytesOf(clipFile('clip.mp4', 2)),
  }
}

/**
 * Media files: /media/photo.jpg (?of=KEY: a file of its own per KEY), /media/clip.mp4, /media/page.jpg (HTML under a picture's
 * name), /media/huge.jpg (a JPEG start, then zeros past the upload limit, with no length
 * declared), /media/declared-huge.jpg (declares a length past it), /media/slow.jpg (never
 * answers), /redirect?to=URL, and /chain/N (N redirects before the photo).
 */
function answerMedia(path: string, query: URLSearchParams, res: ServerResponse, media: FakeMedia) {
  if (path === '/media/photo.jpg') {
    const of = query.get('of')
    return res
      .writeHead(200, { 'content-type': 'image/jpeg' })
      .end(of ? photoVariant(media.photo, of) : media.photo)
  }
  if (path === '/media/clip.mp4')
    return res.writeHead(200, { 'content-type': 'video/mp4' }).end(media.clip)
  if (path === '/media/page.jpg') {
    return res
      .writeHead(200, { 'content-type': 'image/jpeg' })
      .end('<!doctype html><title>Not a picture</title>')
  }
  if (path === '/media/huge.jpg')
    return streamZeros(res, UPLOAD_RULES.maxBytes + 1024 * 1024, false)
  if (path === '/media/declared-huge.jpg') return streamZeros(res, UPLOAD_RULES.maxBytes + 1, true)
  if (path === '/media/slow.jpg') return // the socket stays open until the client gives up
  if (path === '/redirect') return res.writeHead(302, { location: query.get('to') ?? '/' }).end()
  const chain = /^\/chain\/(\d+)$/.exec(path)
  if (chain) {
    const n = Number(chain[1])
    return res.writeHead(302, { location: n > 1 ? `/chain/${n - 1}` : '/media/photo.jpg' }).end()
  }
  res.writeHead(404).end()
}

/**
 * The photo with a JPEG comment naming `of` after its start marker: a file of its own for each
 * stock item (the server keeps the same file once), the same picture.
 */
function photoVariant(photo: Buffer, of: string): Buffer {
  const text = Buffer.from(of.slice(0, 200))
  const comment = Buffer.alloc(4)
  comment.set([0xff, 0xfe])
  comment.writeUInt16BE(text.length + 2, 2)
  return Buffer.concat([photo.subarray(0, 2), comment, text, photo.subarray(2)])
}

/** `bytes` of a JPEG's first marker and zeros, in 1 MiB writes that wait for the reader. */
function streamZeros(res: ServerResponse, bytes: number, declare: boolean) {
  res.writeHead(200, { 'content-type': 'image/jpeg', ...(declare && { 'content-length': bytes }) })
  const zeros = Buffer.alloc(1024 * 1024)
  const first = Buffer.from(zeros)
  first.set([0xff, 0xd8, 0xff, 0xe0])
  let sent = 0
  const write = () => {
    while (sent < bytes && !res.destroyed) {
      const part = (sent === 0 ? first : zeros).subarray(0, Math.min(zeros.length, bytes - sent))
      sent += part.length
      if (!res.write(part)) return res.once('drain', write)
    }
    if (sent >= bytes) res.end()
  }
  res.on('error', () => {})
  write()
}

export interface FakeStock {
  url: string
  port: number
  /** Every call the providers' APIs saw, oldest first. */
  requests: SeenRequest[]
  /** Every media path requested (the downloads' hops). */
  mediaRequests: string[]
  /** Server settings that point the three providers here, and allow downloads from here. */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startFakeStock(media?: FakeMedia): Promise<FakeStock> {
  const files = media ?? (await fakeMedia())
  const requests: SeenRequest[] = []
  const mediaRequests: string[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const api = /^\/(unsplash|pexels|pixabay)(\/.*)$/.exec(url.pathname)
    if (api) {
      const seen: SeenRequest = {
        provider: api[1] as SeenRequest['provider'],
        path: api[2]!,
        query: url.searchParams,
        authorization: req.headers.authorization,
      }
      requests.push(seen)
      return answerApi(seen, res)
    }
    mediaRequests.push(url.pathname)
    answerMedia(url.pathname, url.searchParams, res, files)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    port,
    requests,
    mediaRequests,
    env: {
      UNSPLASH_ACCESS_KEY: FAKE_KEYS.unsplash,
      PEXELS_API_KEY: FAKE_KEYS.pexels,
      PIXABAY_API_KEY: FAKE_KEYS.pixabay,
      UNSPLASH_API_URL: `${url}/unsplash`,
      PEXELS_API_URL: `${url}/pexels`,
      PIXABAY_API_URL: `${url}/pixabay/api`,
      STOCK_MEDIA_EXTRA_ORIGINS: url,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
