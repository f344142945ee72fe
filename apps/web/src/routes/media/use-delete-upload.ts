import { UI_TEXT, mediaApi } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../components/ui/toast'
import { callApi, errorText } from '../../lib/api'
import { useStory } from '../../lib/store'
import { uploadsKey } from '../customize/media-picker'

/**
 * Deletes one of the user's uploads (their own only, SPEC section 6); the lists that show it,
 * and the files picked for the next video, forget it.
 */
export function useDeleteUpload(onDeleted: (name: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: MediaFile) =>
      callApi(mediaApi.deleteUpload, { params: { name: file.name } }),
    onSuccess: (_, file) => {
      queryClient.setQueryData<MediaFile[]>(uploadsKey, (files) =>
        files?.filter((f) => f.name !== file.name),
      )
      useStory.getState().removeUploadedFile(file.name)
      onDeleted(file.name)
    },
    onError: (error) => toast.error(errorText(error, UI_TEXT.failedDeleteFile)),
  })
}
