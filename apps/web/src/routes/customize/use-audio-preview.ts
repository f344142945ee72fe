import { audioApi } from '@storyreel/core'
import { useSyncExternalStore } from 'react'
import { toast } from '../../components/ui/toast'
import { callBinary } from '../../lib/api'
import { createPreviewPlayer } from './audio-preview'
import type { PreviewStatus } from './audio-preview'

/** The app's one preview player: a voice's sample and a slide's narration never talk at once. */
export const previewPlayer = createPreviewPlayer({
  generate: (text, voice, signal) =>
    callBinary(audioApi.generate, { body: { text, voice } }, signal),
  output: () => new Audio(),
  notify: toast.error,
  now: Date.now,
  objectUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
})

/** How far the preview `key` got: loading, playing, or null when it is not the one under way. */
export function usePreviewStatus(key: string): PreviewStatus | null {
  return useSyncExternalStore(previewPlayer.subscribe, () => {
    const state = previewPlayer.state()
    return state?.key === key ? state.status : null
  })
}
