import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { text as readText } from 'node:stream/consumers'
import { z } from 'zod'
import { hasSpeech, WordTimingSchema, type VoiceId, type WordTiming } from '@storyreel/core'
import { storageKeys, type Storage } from '../adapters/storage/storage'
import type { VoiceEngine } from '../adapters/voice/voice'
import type { Db } from '../db/client'
import type { Env } from '../env'
import { evictSpeech, recordSpeech, touchSpeech } from './speech-cache'

export interface SpeechDeps {
  voice: VoiceEngine
  storage: Storage
  /** The speech cache's index (./speech-cache.ts). */
  db: Db
  /** What the speech cache may hold, every user's entries together (SPEECH_CACHE_MB). */
  cacheBytes: number
  /**
   * Where files are written before they move into storage; DATA_DIR/tmp keeps that move a
   * rename. The default is the system's temporary folder.
   */
  tmpDir?: string
}

/** The speech cache's cap as the environment sets it, bytes. */
export const speechCacheBytes = (env: Env) => env.SPEECH_CACHE_MB * 2 ** 20

/** A text to speak, and whose it is: the voice's turns and the cache are per user. */
export interface SpeechAsk {
  userId: string
  text: string
  voice: VoiceId
}

/** A spoken text in storage: its MP3 under mp3Key, its length and each word's time. */
export interface StoredSpeech {
  mp3Key: string
  seconds: number
  words: WordTiming[]
}

const SpokenSchema = z.object({ seconds: z.number().positive(), words: z.array(WordTimingSchema) })

/** The text as it is spoken and cached: Unicode composed, white space collapsed. */
export function speechText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim()
}

/** Syntheses under way, per store, so that identical requests share one. */
const underWay = new WeakMap<Storage, Map<string, Promise<StoredSpeech>>>()

/**
 * The text spoken by the voice for the user, from the user's own cache when they had it spoken
 * before: keyed by user, engine, voice and the text's hash, so a repeated text costs one small
 * read, and nobody learns from the cache's speed what another user had spoken. The user's
 * identical requests at the same time share one synthesis. The signal stops this caller's wait,
 * not the synthesis it may share (the engine's own timeout bounds that).
 */
export async function speak(
  deps: SpeechDeps,
  ask: SpeechAsk,
  signal?: AbortSignal,
): Promise<StoredSpeech> {
  const spoken = speechText(ask.text)
  if (!hasSpeech(spoken)) throw new Error('nothing to speak')
  const hash = createHash('sha256').update(spoken).digest('hex')
  const key = (ext: 'mp3' | 'json') =>
    storageKeys.speech(ask.userId, deps.voice.name, ask.voice, hash, ext)
  const keys = { mp3: key('mp3'), json: key('json') }
  let shared = underWay.get(deps.storage)
  if (!shared) underWay.set(deps.storage, (shared = new Map()))
  let pending = shared.get(keys.mp3)
  if (!pending) {
    pending = cachedOrSpoken(deps, { ...ask, text: spoken }, keys).finally(() =>
      shared.delete(keys.mp3),
    )
    shared.set(keys.mp3, pending)
  }
  return untilAborted(pending, signal)
}

async function cachedOrSpoken(
  deps: SpeechDeps,
  ask: SpeechAsk,
  keys: { mp3: string; json: string },
): Promise<StoredSpeech> {
  const { db, storage } = deps
  if (await touchSpeech(db, keys.mp3)) {
    const cached = await readCached(storage, keys.json)
    if (cached && (await storage.size(keys.mp3)) !== null) return { mp3Key: keys.mp3, ...cached }
  }

  const { mp3, seconds, words } = await deps.voice.speak(ask.text, ask.voice, {
    owner: ask.userId,
  })
  const json = JSON.stringify({ seconds, words })
  // Counted before it is written: a crash between leaves a count without files, which eviction
  // clears, never files that nothing counts.
  await recordSpeech(db, keys.mp3, mp3.length + Buffer.byteLength(json))
  const dir = deps.tmpDir ?? tmpdir()
  await mkdir(dir, { recursive: true })
  const base = path.join(dir, `speech-${randomUUID()}`)
  try {
    await writeFile(`${base}.mp3`, mp3)
    await storage.putFile(keys.mp3, `${base}.mp3`)
    // The JSON goes in last: an entry counts as cached only once both files are whole.
    await writeFile(`${base}.json`, json)
    await storage.putFile(keys.json, `${base}.json`)
  } finally {
    await rm(`${base}.mp3`, { force: true })
    await rm(`${base}.json`, { force: true })
  }
  await evictSpeech({ db, storage }, deps.cacheBytes, keys.mp3)
  return { mp3Key: keys.mp3, seconds, words }
}

async function readCached(storage: Storage, key: string) {
  if ((await storage.size(key)) === null) return null
  try {
    return SpokenSchema.parse(JSON.parse(await readText(storage.read(key))))
  } catch {
    return null // unreadable: spoken again and overwritten
  }
}

function untilAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work
  signal.throwIfAborted()
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason)
    signal.addEventListener('abort', stop, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
  })
}
