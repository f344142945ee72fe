import { TIMINGS, UserDataSchema } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { z } from 'zod'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { StateStorage } from 'zustand/middleware'

/**
 * The signed-in user's data, kept in localStorage for one hour after it is set (SPEC section 3).
 * Components read it through `useUserData()` and re-render when it changes, in this tab or another.
 */
const KEY = 'storyreel.userData'

interface UserDataState {
  value: UserData | null
  /** Epoch milliseconds; the value reads as null from then on. */
  expiresAt: number
}

const EMPTY: UserDataState = { value: null, expiresAt: 0 }

/** What is read back from storage, which another version of the app may have written. */
const StoredSchema = z.object({ value: UserDataSchema, expiresAt: z.number() })

/**
 * localStorage, looked up on each use and never throwing: when it is full or disabled the app
 * still works from the session check.
 */
const browserStorage: StateStorage = {
  getItem: (name) => {
    try {
      return localStorage.getItem(name)
    } catch {
      return null
    }
  },
  setItem: (name, value) => {
    try {
      localStorage.setItem(name, value)
    } catch {
      // Kept in memory only.
    }
  },
  removeItem: (name) => {
    try {
      localStorage.removeItem(name)
    } catch {
      // Nothing stored.
    }
  },
}

const useUserDataStore = create<UserDataState>()(
  persist(() => EMPTY, {
    name: KEY,
    storage: createJSONStorage(() => browserStorage),
    merge: (persisted, current) => {
      const parsed = StoredSchema.safeParse(persisted)
      return { ...current, ...(parsed.success ? parsed.data : EMPTY) }
    },
  }),
)

// Another tab signed in, out, or refreshed the data.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) void useUserDataStore.persist.rehydrate()
  })
}

function live({ value, expiresAt }: UserDataState): UserData | null {
  return value && expiresAt > Date.now() ? value : null
}

export function getUserData(): UserData | null {
  return live(useUserDataStore.getState())
}

export function setUserData(value: UserData): void {
  useUserDataStore.setState({ value, expiresAt: Date.now() + TIMINGS.userDataTtlMs })
}

/** Changes some fields and keeps the original expiry. */
export function updateUserData(patch: Partial<UserData>): void {
  const current = getUserData()
  if (current) useUserDataStore.setState({ value: { ...current, ...patch } })
}

export function clearUserData(): void {
  useUserDataStore.setState(EMPTY)
  useUserDataStore.persist.clearStorage()
}

export function useUserData(): UserData | null {
  return useUserDataStore(live)
}
