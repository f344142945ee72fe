import { dataUrlBytes, photoFile } from './photo-file'

/** What the camera plugin rejects with, on Android and iOS, when the user closes the camera. */
const CANCELLED = 'User cancelled photos app'

/** Whether the native camera failed only because the user changed their mind. */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && error.message === CANCELLED
}

/**
 * Takes a photo with the device's own camera app (Capacitor's camera plugin): a JPEG File, or
 * null when the user cancelled. The photo crosses the bridge as a data URL: a file URL would
 * point at the app's local origin (capacitor://localhost on iOS), which pages loaded from the
 * server may not fetch (another origin, outside their Content-Security-Policy).
 */
export async function takeNativePhoto(): Promise<File | null> {
  // Loaded only in the native app: the web never needs the plugin's code.
  const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera')
  try {
    const photo = await Camera.getPhoto({
      source: CameraSource.Camera,
      resultType: CameraResultType.DataUrl,
      quality: 90,
      correctOrientation: true,
    })
    if (!photo.dataUrl) throw new Error('The camera answered no photo')
    return photoFile(dataUrlBytes(photo.dataUrl))
  } catch (error) {
    if (isCancelled(error)) return null
    throw error
  }
}
