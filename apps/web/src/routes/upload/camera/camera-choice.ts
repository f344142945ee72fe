/** Which way a camera looks: a phone's rear camera, or the one facing the user. */
export type Facing = 'environment' | 'user'

/** Rear first: on a phone that is the camera people take pictures with. */
export const FIRST_FACING: Facing = 'environment'

/** A camera to ask for: by the way it faces (phones), or by its id (webcams say no facing). */
export type CameraChoice = { facing: Facing; strict?: boolean } | { deviceId: string }

export function otherFacing(facing: Facing): Facing {
  return facing === 'environment' ? 'user' : 'environment'
}

/**
 * What to ask getUserMedia for. A loose facing takes whatever camera there is (a laptop has
 * only the one facing the user); a strict one, for a switch, fails rather than open the same
 * camera again. The size is a wish, up to Full HD: bigger frames only slow the preview down.
 */
export function videoConstraints(choice: CameraChoice): MediaTrackConstraints {
  const size = { width: { ideal: 1920 }, height: { ideal: 1080 } }
  if ('deviceId' in choice) return { deviceId: { exact: choice.deviceId }, ...size }
  return {
    facingMode: choice.strict ? { exact: choice.facing } : { ideal: choice.facing },
    ...size,
  }
}

/**
 * The cameras to try, in order, to switch away from the one showing: the other facing (a phone),
 * then the next camera in the list (a computer with two webcams), then the same camera again, so
 * a failed switch never leaves the picture black.
 */
export function switchChoices(
  facing: Facing,
  deviceIds: string[],
  currentId: string | undefined,
): CameraChoice[] {
  const index = currentId === undefined ? -1 : deviceIds.indexOf(currentId)
  const nextId = deviceIds.length > 1 ? deviceIds[(index + 1) % deviceIds.length] : undefined
  return [
    { facing: otherFacing(facing), strict: true },
    ...(nextId !== undefined && nextId !== currentId ? [{ deviceId: nextId }] : []),
    currentId ? { deviceId: currentId } : { facing },
  ]
}

/**
 * The preview is a mirror unless the camera looks away from the user: people expect to see
 * themselves as in a mirror, and a webcam says nothing about where it faces. The photo itself
 * is never flipped.
 */
export function mirrorsPreview(facingMode: string | undefined): boolean {
  return facingMode !== 'environment'
}
