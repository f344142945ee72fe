import { eq, sql } from 'drizzle-orm'
import type { Storage } from '../adapters/storage/storage'
import type { Db } from '../db/client'
import { speechCache } from '../db/schema'

/**
 * The speech cache's index (the speech_cache table): which entries storage holds, how big, and
 * when each was last used. The table, not storage, says what is cached: storage has no listing
 * or access times, and every process (the server, standalone workers) shares the database.
 */

/** The entry's JSON, beside its MP3. */
export const speechJsonKey = (mp3Key: string) => mp3Key.replace(/\.mp3$/, '.json')

/** Marks the entry used now; false when the index no longer has it (evicted, or never whole). */
export async function touchSpeech(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .update(speechCache)
    .set({ usedAt: sql`now()` })
    .where(eq(speechCache.key, key))
    .returning({ key: speechCache.key })
  return rows.length > 0
}

/** Counts a new entry of `bytes` (its MP3 and JSON together), used now. */
export async function recordSpeech(db: Db, key: string, bytes: number): Promise<void> {
  await db
    .insert(speechCache)
    .values({ key, bytes })
    .onConflictDoUpdate({ target: speechCache.key, set: { bytes, usedAt: sql`now()` } })
}

/**
 * Removes the least recently used entries, from the index and then from storage, until the rest
 * fit in `capBytes`. `keep` (the entry just spoken, which its caller is about to read) stays
 * whatever its size. Two processes evicting at once each remove what their own DELETE returned;
 * a file removed twice is harmless.
 */
export async function evictSpeech(
  deps: { db: Db; storage: Storage },
  capBytes: number,
  keep: string,
): Promise<string[]> {
  const result = (await deps.db.execute(sql`
    delete from ${speechCache} where key in (
      select key from (
        select key, sum(bytes) over (order by used_at desc, key desc) as newest_bytes
        from ${speechCache}
      ) ranked
      where newest_bytes > ${capBytes} and key <> ${keep}
    )
    returning key`)) as unknown as { rows: { key: string }[] }
  const evicted = result.rows.map((r) => r.key)
  for (const key of evicted) {
    await deps.storage.delete(speechJsonKey(key))
    await deps.storage.delete(key)
  }
  return evicted
}
