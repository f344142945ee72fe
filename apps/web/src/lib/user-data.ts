import { TIMINGS, UserDataSchema } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { useSyncExternalStore } from 'react'

/**
 * The signed-in user's data, kept in localStorage for one hour after it is set (SPEC section 3).
 * Components read it through `useUserData()` and re-render when it changes.
 */
const KEY = 'storyreel.userData'

interface Stored {
  value: UserData
  expiresAt: number
}

const listeners = new Set<() => void>()
let cache: { raw: string | null; value: UserData | null } = { raw: null, value: null }

function read(): UserData | null {
  let raw: string | null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    return null
  }
  if (raw === cache.raw) return expired() ? null : cache.value
  let value: UserData | null = null
  try {
    const stored = JSON.parse(raw ?? 'null') as Stored | null
    if (stored && stored.expiresAt > Date.now()) value = UserDataSchema.parse(stored.value)
  } catch {
    value = null
  }
  cache = { raw, value }
  return value
}

function expired(): boolean {
  if (!cache.raw) return false
  try {
    return (JSON.parse(cache.raw) as Stored).expiresAt <= Date.now()
  } catch {
    return true
  }
}

function emit() {
  listeners.forEach((listener) => listener())
}

export function getUserData(): UserData | null {
  return read()
}

function write(stored: Stored): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(stored))
  } catch {
    // Storage full or disabled: the app still works from the session check.
  }
  emit()
}

export function setUserData(value: UserData): void {
  write({ value, expiresAt: Date.now() + TIMINGS.userDataTtlMs })
}

/** Changes some fields and keeps the original expiry. */
export function updateUserData(patch: Partial<UserData>): void {
  const current = read()
  if (!current || !cache.raw) return
  const { expiresAt } = JSON.parse(cache.raw) as Stored
  write({ value: { ...current, ...patch }, expiresAt })
}

export function clearUserData(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
  emit()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useUserData(): UserData | null {
  return useSyncExternalStore(subscribe, read, () => null)
}
