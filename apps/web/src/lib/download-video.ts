import { UI_TEXT, videoResultUrl } from '@storyreel/core'
import { useMutation } from '@tanstack/react-query'
import { toast } from '../components/ui/toast'
import { errorText, fetchBlob } from './api'

/** Saves a finished task's video as video-{taskId}.mp4 (SPEC section 2, /render and /queue). */
export async function downloadVideo(taskId: string): Promise<void> {
  const blob = await fetchBlob(videoResultUrl(taskId))
  if (blob.type && !blob.type.startsWith('video/')) throw new Error(UI_TEXT.notAVideo)
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `video-${taskId}.mp4`
  document.body.append(link)
  link.click()
  link.remove()
  // The browser reads the file after click() returns: give it time before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** A download button's state: `pending` while the file is fetched; failures show the toast. */
export function useVideoDownload(taskId: string) {
  const mutation = useMutation({
    mutationFn: () => downloadVideo(taskId),
    onError: (error) => toast.error(errorText(error, UI_TEXT.failedDownload)),
  })
  return { download: () => mutation.mutate(), pending: mutation.isPending }
}
