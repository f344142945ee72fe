/**
 * A small in-memory cache of search answers: each entry lives `ttlMs`, and past `maxEntries`
 * the least recently used goes first, so memory stays bounded whatever users search for.
 * It keeps promises: identical searches made at the same time share one provider request.
 * A promise that rejects is dropped, so a failure is never served from the cache.
 */
export function searchCache<V>(opts: { maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now
  const entries = new Map<string, { value: Promise<V>; until: number }>()

  return {
    get(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key)
      entries.delete(key)
      if (hit && hit.until > now()) {
        entries.set(key, hit)
        return hit.value
      }
      const value = load()
      const entry = { value, until: now() + ttlMs }
      entries.set(key, entry)
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      for (const oldest of entries.keys()) {
        if (entries.size <= opts.maxEntries) break
        entries.delete(oldest)
      }
      return value
    },
    get size() {
      return entries.size
    },
  }
}
