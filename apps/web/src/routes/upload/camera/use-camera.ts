import { useCallback, useEffect, useRef, useState } from 'react'
import { FIRST_FACING, mirrorsPreview, switchChoices } from './camera-choice'
import type { CameraChoice, Facing } from './camera-choice'
import { cameraIds, cameraOf, openCamera, stopCamera } from './web-camera'

export interface CameraState {
  /** The live stream; null while a camera opens. */
  stream: MediaStream | null
  /** Whether the preview shows as a mirror (a front camera or a webcam). */
  mirrored: boolean
  /** Whether there is another camera to switch to. */
  canSwitch: boolean
  /** Switches between the front and the rear camera, or to the next camera. */
  switchCamera: () => void
}

/**
 * One opening of the camera, from the dialog's mount to its unmount. A stream that arrives after
 * it closed (the dialog went while the camera was starting) is stopped at once, never shown.
 */
interface Session {
  open: boolean
  stream: MediaStream | null
  /** The way the camera showing faces, as asked for when the browser does not say. */
  facing: Facing
}

/**
 * The camera while the dialog is open: opens the rear camera (or whatever camera there is),
 * switches on request, and turns it off when the dialog goes. `onError` hears of a camera that
 * cannot be opened at all.
 */
export function useCamera(onError: (error: unknown) => void): CameraState {
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [cameraCount, setCameraCount] = useState(0)
  const session = useRef<Session | null>(null)
  const switching = useRef(false)
  const reportError = useRef(onError)
  useEffect(() => {
    reportError.current = onError
  }, [onError])

  /** Opens the first of `choices` that opens and shows it, if the session is still open. */
  const showFirst = useCallback(async (opening: Session, choices: CameraChoice[]) => {
    const { stream: next, choice } = await openCamera(choices)
    if (!opening.open) {
      stopCamera(next)
      return false
    }
    const { facingMode } = cameraOf(next)
    opening.stream = next
    if (facingMode === 'user' || facingMode === 'environment') opening.facing = facingMode
    else if ('facing' in choice) opening.facing = choice.facing
    setStream(next)
    return true
  }, [])

  useEffect(() => {
    const opening: Session = { open: true, stream: null, facing: FIRST_FACING }
    session.current = opening
    showFirst(opening, [{ facing: FIRST_FACING }])
      .then(async (shown) => {
        const count = shown ? (await cameraIds()).length : 0
        if (opening.open) setCameraCount(count)
      })
      .catch((error: unknown) => {
        if (opening.open) reportError.current(error)
      })
    return () => {
      opening.open = false
      stopCamera(opening.stream)
      opening.stream = null
    }
  }, [showFirst])

  const switchCamera = useCallback(() => {
    const opening = session.current
    if (!opening?.stream || switching.current || cameraCount < 2) return
    switching.current = true
    const current = cameraOf(opening.stream).deviceId
    // Phones often cannot run two cameras at once: the first goes off before the other opens.
    stopCamera(opening.stream)
    opening.stream = null
    setStream(null)
    cameraIds()
      .then((ids) => showFirst(opening, switchChoices(opening.facing, ids, current)))
      .catch((error: unknown) => {
        if (opening.open) reportError.current(error)
      })
      .finally(() => {
        switching.current = false
      })
  }, [cameraCount, showFirst])

  return {
    stream,
    mirrored: stream ? mirrorsPreview(cameraOf(stream).facingMode) : false,
    canSwitch: cameraCount > 1,
    switchCamera,
  }
}
