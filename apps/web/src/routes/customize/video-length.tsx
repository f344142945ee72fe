import { compositionDuration } from '@storyreel/core'
import { formatSeconds } from '../../lib/format'
import { useNarratedComposition } from './use-narrated-composition'

/**
 * The video's length as the render will make it, narration included; marked as an estimate
 * (`data-estimated`, "about") while some narration is not yet measured.
 */
export function VideoLength() {
  const { composition, estimated } = useNarratedComposition()
  if (!composition) return null
  const seconds = formatSeconds(compositionDuration(composition))
  return (
    <span className="video-length" data-estimated={estimated || undefined}>
      {estimated ? `about ${seconds}` : seconds}
    </span>
  )
}
