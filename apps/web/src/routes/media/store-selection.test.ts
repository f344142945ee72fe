import type { MediaFile } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { storeSelection } from './store-selection'
import type { SaveState } from './store-selection'

const upload = (name: string): MediaFile => ({
  name,
  path: `/api/web/tasks/user/uploads/${name}`,
  type: 'image',
  compressedUrl: null,
  isExternalProvider: false,
  videoPath: null,
  lastModified: '2024-01-01T00:00:00.000Z',
})

const stock = (name: string, video = false): MediaFile => ({
  ...upload(name),
  path: `https://images.example/${name}`,
  isExternalProvider: true,
  type: video ? 'video' : 'image',
  videoPath: video ? `https://videos.example/${name}` : null,
})

/** A download that stores `url` under a name made from it, or fails for the names in `failing`. */
function fakeDownload(failing: string[] = []) {
  const urls: string[] = []
  let active = 0
  let most = 0
  const download = async (url: string) => {
    urls.push(url)
    active++
    most = Math.max(most, active)
    await new Promise((resolve) => setTimeout(resolve, 5))
    active--
    const name = url.split('/').pop()!
    if (failing.includes(name)) throw new Error(`refused ${name}`)
    return upload(`stored-${name}`)
  }
  return { download, urls, most: () => most }
}

describe('storeSelection', () => {
  it('copies stock items, keeps uploads, and answers in the selection order', async () => {
    const fake = fakeDownload()
    const progress: [string, SaveState][] = []
    const files = await storeSelection(
      [stock('a.jpg'), upload('mine.png'), stock('clip.mp4', true)],
      { download: fake.download, onProgress: (...p) => progress.push(p), stored: new Map() },
    )
    expect(files.map((f) => f.name)).toEqual(['stored-a.jpg', 'mine.png', 'stored-clip.mp4'])
    // A clip is stored from its video file.
    expect(fake.urls).toContain('https://videos.example/clip.mp4')
    expect(
      progress
        .filter(([, state]) => state === 'saved')
        .map(([name]) => name)
        .sort(),
    ).toEqual(['a.jpg', 'clip.mp4'])
  })

  it('downloads a few at a time', async () => {
    const fake = fakeDownload()
    const selection = Array.from({ length: 7 }, (_, i) => stock(`p${i}.jpg`))
    await storeSelection(selection, {
      download: fake.download,
      onProgress: () => {},
      stored: new Map(),
      concurrency: 3,
    })
    expect(fake.urls).toHaveLength(7)
    expect(fake.most()).toBe(3)
  })

  it('tries every item, throws the failure, and a retry copies only what failed', async () => {
    const stored = new Map<string, MediaFile>()
    const states = new Map<string, SaveState>()
    const selection = [stock('a.jpg'), stock('b.jpg'), stock('c.jpg')]
    const first = fakeDownload(['b.jpg'])
    await expect(
      storeSelection(selection, {
        download: first.download,
        onProgress: (name, state) => states.set(name, state),
        stored,
      }),
    ).rejects.toThrow('refused b.jpg')
    expect(Object.fromEntries(states)).toEqual({
      'a.jpg': 'saved',
      'b.jpg': 'failed',
      'c.jpg': 'saved',
    })

    const retry = fakeDownload()
    const files = await storeSelection(selection, {
      download: retry.download,
      onProgress: () => {},
      stored,
    })
    expect(retry.urls).toEqual(['https://images.example/b.jpg'])
    expect(files.map((f) => f.name)).toEqual(['stored-a.jpg', 'stored-b.jpg', 'stored-c.jpg'])
  })
})
