import { authApi } from '@storyreel/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { callApi, resetCsrfToken } from './api'
import { useStory } from './store'
import { clearUserData, setUserData, updateUserData, useUserData } from './user-data'

export const sessionKey = ['session'] as const
export const videoLimitKey = ['video-limit'] as const

/** The session check; a valid session refreshes the stored user data. */
export function useSession(enabled = true) {
  return useQuery({
    queryKey: sessionKey,
    enabled,
    staleTime: 5 * 60 * 1000,
    queryFn: async () => {
      const answer = await callApi(authApi.verifySession)
      if (answer.isAuthenticated && answer.userData) setUserData(answer.userData)
      return answer
    },
  })
}

/** The video limit; keeps the stored user data's limitReached in step. */
const videoLimitQuery = {
  queryKey: videoLimitKey,
  queryFn: async () => {
    const answer = await callApi(authApi.updateVideoLimit)
    updateUserData({ limitReached: answer.limitReached })
    return answer
  },
}

export function useVideoLimit() {
  return useQuery({ ...videoLimitQuery, staleTime: 30 * 1000 })
}

/** Whether this month's videos are used up: the server's answer, or the stored one until then. */
export function useLimitReached(): boolean {
  const stored = useUserData()?.limitReached ?? false
  return useVideoLimit().data?.limitReached ?? stored
}

/** Asks the server again now, whether or not a screen shows the limit (after a render). */
export function refreshVideoLimit(queryClient: QueryClient): void {
  queryClient.fetchQuery({ ...videoLimitQuery, staleTime: 0 }).catch(() => undefined)
}

/** Clears what this browser keeps about the user, tells the server, and goes to /signin. */
export function useLogout() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    async ({ callServer = true }: { callServer?: boolean } = {}) => {
      clearUserData()
      useStory.getState().reset()
      if (callServer) {
        try {
          await callApi(authApi.logout)
        } catch {
          // Logged out locally either way.
        }
      }
      resetCsrfToken()
      await navigate('/signin', { replace: true })
      // After leaving the signed-in pages: cleared under their mounted session query, the
      // cache would ask for the session again at once (issue 36: one check per page load).
      queryClient.clear()
    },
    [navigate, queryClient],
  )
}
