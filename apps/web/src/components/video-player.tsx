import { UI_TEXT, videoCaptionsUrl, videoResultUrl } from '@storyreel/core'
import type { SyntheticEvent } from 'react'
import { apiUrl } from '../config'
import { toast } from './ui/toast'

export interface VideoPlayerProps {
  taskId: string
  /** Adds the narration's captions track. */
  captions: boolean
  poster?: string
  className?: string
  label: string
  autoPlay?: boolean
  onLoadedMetadata?: (event: SyntheticEvent<HTMLVideoElement>) => void
}

/**
 * A finished task's MP4 with the browser's own controls, and the captions of its narration. The
 * captions are a file of their own, missing when the video has no narration: the track then fails
 * alone and the video plays without it.
 */
export function VideoPlayer({
  taskId,
  captions,
  poster,
  className,
  label,
  autoPlay,
  onLoadedMetadata,
}: VideoPlayerProps) {
  return (
    <video
      key={taskId}
      className={className}
      src={apiUrl(videoResultUrl(taskId))}
      poster={poster}
      controls
      playsInline
      autoPlay={autoPlay}
      preload="metadata"
      aria-label={label}
      onLoadedMetadata={onLoadedMetadata}
      onError={() => toast.error(UI_TEXT.failedLoadVideo)}
    >
      {captions ? (
        <track
          kind="captions"
          src={apiUrl(videoCaptionsUrl(taskId))}
          srcLang="en"
          label="Captions"
          default
        />
      ) : null}
    </video>
  )
}
