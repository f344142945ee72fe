import { UI_TEXT, type Ratio } from '@storyreel/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '../../components/ui/toast'
import { errorText } from '../../lib/api'
import { useStory } from '../../lib/store'
import { ComposeError, compose } from './compose'
import type { ComposePhase } from './compose'

/** What the user reads when composing failed, by the step that failed. */
function composeErrorText(error: unknown): string {
  const step = error instanceof ComposeError ? error.step : 'composing'
  const cause = error instanceof ComposeError ? error.cause : error
  return errorText(
    cause,
    step === 'describing' ? UI_TEXT.failedDescriptions : UI_TEXT.failedCompose,
  )
}

/**
 * 'Compose video': the story's files described (those picked are uploaded on the way) and a
 * composition made of them and the suggestion, then on to the editor. `phase` names the step
 * under way.
 */
export function useComposeVideo() {
  const navigate = useNavigate()
  const story = useStory()
  const [phase, setPhase] = useState<ComposePhase | null>(null)

  async function submit(ratio: Ratio, fileCount: number) {
    if (story.loading) return
    if (fileCount === 0) {
      toast.error(UI_TEXT.uploadAtLeastOne)
      return
    }
    story.setLoading(true)
    try {
      const { composition } = await compose({
        suggestion: story.suggestion.trim(),
        ratio,
        voice: story.voice,
        uploaded: story.uploadedFiles,
        descriptions: story.descriptions,
        pending: story.pendingFiles,
        onPhase: setPhase,
        onDescribed: (files, descriptions) => {
          useStory.getState().setUploaded(files, descriptions)
          useStory.getState().clearPendingFiles()
        },
      })
      useStory.getState().setComposition(composition)
      void navigate('/customize')
    } catch (error) {
      toast.error(composeErrorText(error))
    } finally {
      useStory.getState().setLoading(false)
      setPhase(null)
    }
  }

  return { phase, submit }
}
