import { UI_TEXT, compositionApi } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '../../components/ui/toast'
import { callApi, errorText } from '../../lib/api'
import { refreshVideoLimit } from '../../lib/session'
import { useStory } from '../../lib/store'
import { withoutRenderedUrl } from './editor-doc'
import { replaceDoc } from './editor-store'

/**
 * The Render button (SPEC section 4): saves the composition to browser storage without the
 * previous video's URL, starts the render, goes to /render/{taskId}, then asks the video limit
 * again.
 */
export function useRenderAction() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const render = useMutation({
    mutationFn: (composition: Composition) =>
      callApi(compositionApi.render, { body: { composition } }),
    onSuccess: ({ taskId }) => {
      useStory.getState().setTaskId(taskId)
      refreshVideoLimit(queryClient)
      void navigate(`/render/${taskId}`)
    },
    onError: (error) => toast.error(errorText(error, UI_TEXT.failedRender)),
  })
  return {
    pending: render.isPending,
    start: () => {
      if (render.isPending) return
      const composition = replaceDoc(withoutRenderedUrl)
      if (composition) render.mutate(composition)
    },
  }
}
