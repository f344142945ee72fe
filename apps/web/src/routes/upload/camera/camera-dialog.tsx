import { Check, SwitchCamera, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { PointerEvent } from 'react'
import { Dialog } from '../../../components/ui/dialog'
import { Spinner } from '../../../components/ui/spinner'
import { isDoubleTap } from './double-tap'
import type { Tap } from './double-tap'
import { photoFile } from './photo-file'
import { useCamera } from './use-camera'
import { captureFrame } from './web-camera'
import './camera.css'

export interface CameraDialogProps {
  open: boolean
  onClose: () => void
  /** A photo the user took and accepted. */
  onPhoto: (photo: File) => void
  /** The camera could not be opened, or its picture not taken. */
  onError: (error: unknown) => void
}

/** The web's camera: a live picture, a shutter, then Accept or Reject for the photo taken. */
export function CameraDialog({ open, onClose, onPhoto, onError }: CameraDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title="Take a photo"
      className="camera"
    >
      {/* Mounted only while open: the camera is on exactly as long as the dialog shows. */}
      <CameraView onPhoto={onPhoto} onError={onError} />
    </Dialog>
  )
}

interface Shot {
  photo: File
  url: string
}

function CameraView({ onPhoto, onError }: Omit<CameraDialogProps, 'open' | 'onClose'>) {
  const camera = useCamera(onError)
  const video = useRef<HTMLVideoElement>(null)
  const lastTap = useRef<Tap | null>(null)
  // The stream whose first frame has played: the shutter waits for it.
  const [playing, setPlaying] = useState<MediaStream | null>(null)
  const [shot, setShot] = useState<Shot | null>(null)
  const live = camera.stream !== null && playing === camera.stream

  useEffect(() => {
    if (video.current) video.current.srcObject = camera.stream
  }, [camera.stream])

  useEffect(() => {
    if (!shot) return
    return () => URL.revokeObjectURL(shot.url)
  }, [shot])

  async function capture() {
    if (!video.current || !live || shot) return
    try {
      const photo = photoFile(await captureFrame(video.current))
      setShot({ photo, url: URL.createObjectURL(photo) })
    } catch (error) {
      onError(error)
    }
  }

  function onStagePointerUp(event: PointerEvent<HTMLDivElement>) {
    if (shot || event.button !== 0) return
    const tap = {
      time: event.timeStamp,
      x: event.clientX,
      y: event.clientY,
      pointerType: event.pointerType,
    }
    if (isDoubleTap(lastTap.current, tap)) {
      lastTap.current = null
      camera.switchCamera()
    } else {
      lastTap.current = tap
    }
  }

  return (
    <div className="camera__body">
      <div
        className={camera.mirrored ? 'camera__stage camera__stage--mirrored' : 'camera__stage'}
        onPointerUp={onStagePointerUp}
      >
        <video
          ref={video}
          className="camera__video"
          autoPlay
          playsInline
          muted
          aria-label="Camera preview"
          hidden={shot !== null}
          onPlaying={() => setPlaying(camera.stream)}
        />
        {shot ? <img className="camera__photo" src={shot.url} alt="The photo you took" /> : null}
        {!live && !shot ? (
          <div className="camera__status">
            <Spinner size={28} />
            <span>{playing ? 'Switching camera…' : 'Starting camera…'}</span>
          </div>
        ) : null}
        {live && camera.canSwitch && !shot ? (
          <p className="camera__hint">
            <span className="camera__hint-touch">Double-tap to switch camera</span>
            <span className="camera__hint-mouse">Double-click to switch camera</span>
          </p>
        ) : null}
        {shot ? <div className="camera__flash" aria-hidden="true" /> : null}
      </div>

      <div className="camera__controls">
        {shot ? (
          <>
            <button type="button" className="camera__choice" onClick={() => setShot(null)}>
              <X size={20} aria-hidden="true" />
              Reject
            </button>
            <button
              type="button"
              className="camera__choice camera__choice--accept"
              autoFocus
              onClick={() => onPhoto(shot.photo)}
            >
              <Check size={20} strokeWidth={2.5} aria-hidden="true" />
              Accept
            </button>
          </>
        ) : (
          <>
            <span aria-hidden="true" />
            {/* Focusable while the camera starts, so the dialog opens with focus on it. */}
            <button
              type="button"
              className="camera__shutter"
              aria-label="Take photo"
              aria-disabled={!live}
              autoFocus
              onClick={() => void capture()}
            />
            {camera.canSwitch ? (
              <button
                type="button"
                className="camera__switch"
                aria-label="Switch camera"
                title="Switch camera"
                onClick={camera.switchCamera}
              >
                <SwitchCamera size={22} aria-hidden="true" />
              </button>
            ) : (
              <span aria-hidden="true" />
            )}
          </>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {shot ? 'Photo taken. Accept it to add it, or reject it to take another.' : ''}
      </p>
    </div>
  )
}
