import { UI_TEXT, formatText, mediaApi } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '../../components/ui/toast'
import { callApi, errorText } from '../../lib/api'
import { useStory } from '../../lib/store'
import { uploadsKey } from '../customize/media-picker'
import { slideRoom } from './destinations'
import { addToEditor, addToUpload } from './send-selection'
import type { Selection } from './selection'
import { storeSelection } from './store-selection'
import type { SaveState } from './store-selection'

const TOO_MANY_SLIDES = 'This video can take {count} more slides. Choose fewer to continue.'

/**
 * 'Use selected media': checks there is a selection and a ratio (SPEC section 5), copies the
 * stock items into the library, then hands everything to the editor (`source=customize`, new
 * slides) or to the upload step, and goes there.
 */
export function useApplySelection(source: 'customize' | null) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // Stock items already copied, so a retry after a failure copies only the rest.
  const stored = useRef(new Map<string, MediaFile>())
  const [states, setStates] = useState<Record<string, SaveState>>({})
  const [busy, setBusy] = useState(false)

  async function apply(selection: Selection<MediaFile>) {
    if (busy) return
    if (selection.length === 0) {
      toast.error(UI_TEXT.selectAtLeastOneMedia)
      return
    }
    const { ratio, composition } = useStory.getState()
    if (!ratio) {
      toast.error(UI_TEXT.selectRatioFirst)
      return
    }
    // Without a composition the editor would send the user to /format: /upload is the way on.
    const toEditor = source === 'customize' && composition !== null
    if (toEditor && selection.length > slideRoom(composition)) {
      toast.error(formatText(TOO_MANY_SLIDES, { count: slideRoom(composition) }))
      return
    }

    setBusy(true)
    setStates({})
    try {
      const files = await storeSelection(selection, {
        download: (url, name) => callApi(mediaApi.downloadStock, { body: { url, name } }),
        onProgress: (name, state) => setStates((all) => ({ ...all, [name]: state })),
        stored: stored.current,
      })
      if (toEditor) {
        await addToEditor(files)
        void navigate('/customize')
      } else {
        addToUpload(files)
        void navigate('/upload')
      }
    } catch (error) {
      toast.error(errorText(error, UI_TEXT.failedUseMedia))
    } finally {
      setBusy(false)
      // Copied stock items are in the library now, whatever happened after.
      if (selection.some((file) => file.isExternalProvider)) {
        void queryClient.invalidateQueries({ queryKey: uploadsKey })
      }
    }
  }

  return { apply, states, busy }
}
