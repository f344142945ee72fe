import { videoConstraints } from './camera-choice'
import type { CameraChoice } from './camera-choice'

/**
 * Opens the first of `choices` that opens, with getUserMedia, video only. Throws the last
 * failure when none does: no camera API on this page (an insecure origin such as a LAN address),
 * permission refused, or the camera busy.
 */
export async function openCamera(
  choices: CameraChoice[],
): Promise<{ stream: MediaStream; choice: CameraChoice }> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API on this page')
  let failure: unknown = new Error('No camera to open')
  for (const choice of choices) {
    try {
      const video = videoConstraints(choice)
      return { stream: await navigator.mediaDevices.getUserMedia({ video, audio: false }), choice }
    } catch (error) {
      failure = error
    }
  }
  throw failure
}

/** Turns the camera off (and its light with it). */
export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop())
}

/** The ids of the cameras; browsers list them once a stream has been allowed. */
export async function cameraIds(): Promise<string[]> {
  const devices = await navigator.mediaDevices.enumerateDevices()
  return devices.filter((device) => device.kind === 'videoinput').map((device) => device.deviceId)
}

/** What the browser says of the stream's camera: its id, and where it faces (phones only). */
export function cameraOf(stream: MediaStream): { deviceId?: string; facingMode?: string } {
  return stream.getVideoTracks()[0]?.getSettings() ?? {}
}

/** The frame the video shows now, at the camera's full size and unmirrored, as a JPEG. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  const context = canvas.getContext('2d')
  if (!context || canvas.width === 0) return Promise.reject(new Error('No frame to capture'))
  context.drawImage(video, 0, 0)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The frame could not be encoded'))),
      'image/jpeg',
      0.92,
    ),
  )
}
