import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RenderedComposition } from '@storyreel/core'
import { localStorage } from '../adapters/storage/local-storage'
import { planSplit, type SplitDeps } from './split-render'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storyreel-split-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Two render slots, both idle, and no plan stored yet: only what is planned matters here. */
function deps(): SplitDeps {
  return {
    storage: localStorage(dir),
    boss: { getQueueSize: async () => 0 } as unknown as PgBoss,
    split: { workers: 2, minRangeSeconds: 1 },
  } as SplitDeps
}

function narrated(word: string): RenderedComposition {
  const slide = { filename: 'a.png', duration: 2, effects: [], narration: word }
  return {
    movieParams: { width: 320, height: 180, voice: 'bdl' },
    composition: [
      { ...slide, id: 'a', spokenWords: [{ text: word, start: 0, end: 1 }] },
      { ...slide, id: 'b' },
    ],
  }
}

describe('planSplit', () => {
  it("names the segments after what is drawn, the captions' words too", async () => {
    const task = 'task'
    const hello = await planSplit(deps(), task, narrated('Hello'))
    expect(hello?.ranges).toHaveLength(2)
    expect((await planSplit(deps(), task, narrated('Hello')))?.hash).toBe(hello?.hash)
    const slow = narrated('Hello')
    slow.composition[0]!.spokenWords = [{ text: 'Hello', start: 0.5, end: 1.5 }]
    expect((await planSplit(deps(), task, slow))?.hash).not.toBe(hello?.hash)
  })
})
