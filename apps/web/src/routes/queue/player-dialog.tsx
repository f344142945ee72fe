import * as RadixDialog from '@radix-ui/react-dialog'
import { Download, X } from 'lucide-react'
import { useState } from 'react'
import type { CSSProperties } from 'react'
import { Button } from '../../components/ui/button'
import { VideoPlayer } from '../../components/video-player'
import { useVideoDownload } from '../../lib/download-video'

/** The shape of most videos, until the picture or the video itself says otherwise. */
const DEFAULT_ASPECT = 16 / 9

export interface PlayingVideo {
  taskId: string
  /** When it was made, as its card says it. */
  when: string
  /** Width over height, from its thumbnail; null when it has none. */
  aspect: number | null
  poster: string | null
}

/** A finished video in a dark modal player, with its captions and a Download button. */
export function PlayerDialog({ video, onClose }: { video: PlayingVideo; onClose: () => void }) {
  const [aspect, setAspect] = useState(video.aspect ?? DEFAULT_ASPECT)
  const download = useVideoDownload(video.taskId)
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay player-overlay" />
        <RadixDialog.Content className="player" aria-describedby={undefined}>
          <div className="player__head">
            <div className="player__text">
              <RadixDialog.Title className="player__title">Your video</RadixDialog.Title>
              <p className="player__when">{video.when}</p>
            </div>
            <Button
              variant="secondary"
              onClick={download.download}
              loading={download.pending}
              icon={<Download size={18} aria-hidden="true" />}
            >
              Download
            </Button>
            <RadixDialog.Close className="player__close" aria-label="Close">
              <X size={20} aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {/* Sized from the video's shape, inside the screen, so the head above stays in view. */}
          <div className="player__stage" style={{ '--aspect': aspect } as CSSProperties}>
            <VideoPlayer
              taskId={video.taskId}
              className="player__video"
              poster={video.poster ?? undefined}
              captions
              autoPlay
              label="Your video"
              onLoadedMetadata={(event) => {
                const { videoWidth, videoHeight } = event.currentTarget
                if (videoWidth > 0 && videoHeight > 0) setAspect(videoWidth / videoHeight)
              }}
            />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
