import { TIMINGS, UI_TEXT, tasksApi } from '@storyreel/core'
import type { Task } from '@storyreel/core'
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { toast } from '../../components/ui/toast'
import { callApi, errorText, fetchBlob } from '../../lib/api'
import { isInProgress } from './task-text'

const tasksKey = ['tasks', 'user'] as const
const thumbnailKey = (taskId: string) => ['task-thumbnail', taskId] as const

/** The user's videos, newest first; asked again every 5 s while any is queued or rendering. */
export function useUserTasks() {
  return useQuery({
    queryKey: tasksKey,
    queryFn: () => callApi(tasksApi.listUser, { query: { thumbnail: 'true' } }),
    refetchInterval: (query) =>
      query.state.data?.some((task) => isInProgress(task.state)) ? TIMINGS.queuePollMs : false,
  })
}

/**
 * A task's thumbnail as an object URL. The picture is fetched with the session cookie and kept 15
 * minutes (SPEC section 9), so polling the list or coming back to the page does not load it again.
 */
export function useThumbnailUrl(task: Task): string | null {
  const { thumbnailUrl } = task
  const { data } = useQuery({
    queryKey: thumbnailKey(task.id),
    queryFn: thumbnailUrl ? () => fetchBlob(thumbnailUrl) : skipToken,
    staleTime: TIMINGS.thumbnailCacheMs,
    gcTime: TIMINGS.thumbnailCacheMs,
  })
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!data) return
    // One URL per card that shows the picture, let go when the card goes.
    const objectUrl = URL.createObjectURL(data)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [data])
  return data ? url : null
}

/** Deletes one video (DELETE /web/tasks/:id) and takes it off the list. */
export function useDeleteTask(taskId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(tasksApi.delete, { params: { id: taskId } }),
    onSuccess: () => {
      queryClient.setQueryData<Task[]>(tasksKey, (tasks) => tasks?.filter((t) => t.id !== taskId))
      queryClient.removeQueries({ queryKey: thumbnailKey(taskId) })
      return queryClient.invalidateQueries({ queryKey: tasksKey })
    },
    onError: (error) => toast.error(errorText(error, UI_TEXT.failedDeleteVideo)),
  })
}
