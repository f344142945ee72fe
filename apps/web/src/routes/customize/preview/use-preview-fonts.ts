import { loadFonts } from '@storyreel/render/browser'
import { useEffect, useState } from 'react'

export type FontsState = 'loading' | 'ready' | 'failed'

/** The fonts the frame is drawn in: nothing is drawn until they are in. */
export function usePreviewFonts(): FontsState {
  const [fonts, setFonts] = useState<FontsState>('loading')
  useEffect(() => {
    let stop = false
    loadFonts().then(
      () => !stop && setFonts('ready'),
      () => !stop && setFonts('failed'),
    )
    return () => {
      stop = true
    }
  }, [])
  return fonts
}
