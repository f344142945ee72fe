import { Capacitor } from '@capacitor/core'
import { UI_TEXT } from '@storyreel/core'
import { Camera } from 'lucide-react'
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { CameraDialog } from './camera-dialog'
import { takeNativePhoto } from './native-camera'

/**
 * 'Photo' on /upload (SPEC section 2): the device's camera app in the native app, the camera
 * dialog on the web. A photo taken reaches `onPhoto` as a JPEG File, like a picked picture.
 */
export function PhotoButton({
  onPhoto,
  disabled = false,
}: {
  onPhoto: (photo: File) => void
  disabled?: boolean
}) {
  const [dialogOpen, setDialogOpen] = useState(false)
  // The device's camera app is open (native app only).
  const [nativeOpen, setNativeOpen] = useState(false)

  function fail() {
    setDialogOpen(false)
    toast.error(UI_TEXT.failedTakePhoto)
  }

  async function takePhoto() {
    if (!Capacitor.isNativePlatform()) {
      setDialogOpen(true)
      return
    }
    setNativeOpen(true)
    try {
      const photo = await takeNativePhoto()
      if (photo) onPhoto(photo)
    } catch {
      fail()
    } finally {
      setNativeOpen(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="source-card"
        onClick={() => void takePhoto()}
        disabled={disabled || nativeOpen}
      >
        <span className="source-card__icon" aria-hidden="true">
          <Camera size={22} />
        </span>
        <span className="source-card__text">
          <span className="source-card__title">
            Photo <span className="source-card__badge">Beta</span>
          </span>
          <span className="source-card__hint">Take one with your camera</span>
        </span>
      </button>
      <CameraDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onPhoto={(photo) => {
          setDialogOpen(false)
          onPhoto(photo)
        }}
        onError={fail}
      />
    </>
  )
}
