import { describe, expect, it } from 'vitest'
import {
  FIRST_FACING,
  mirrorsPreview,
  otherFacing,
  switchChoices,
  videoConstraints,
} from './camera-choice'

describe('camera choice', () => {
  it('starts with the rear camera and toggles between the two facings', () => {
    expect(FIRST_FACING).toBe('environment')
    expect(otherFacing('environment')).toBe('user')
    expect(otherFacing('user')).toBe('environment')
  })

  it('asks for a facing loosely at first, strictly for a switch, or for one camera by id', () => {
    expect(videoConstraints({ facing: 'environment' }).facingMode).toEqual({
      ideal: 'environment',
    })
    expect(videoConstraints({ facing: 'user', strict: true }).facingMode).toEqual({
      exact: 'user',
    })
    expect(videoConstraints({ deviceId: 'b' })).toEqual({
      deviceId: { exact: 'b' },
      width: { ideal: 1920 },
      height: { ideal: 1080 },
    })
  })

  it('switches to the other facing, else the next camera, else back to the same one', () => {
    expect(switchChoices('environment', ['a', 'b', 'c'], 'b')).toEqual([
      { facing: 'user', strict: true },
      { deviceId: 'c' },
      { deviceId: 'b' },
    ])
    // The list wraps around.
    expect(switchChoices('user', ['a', 'b'], 'b')[1]).toEqual({ deviceId: 'a' })
    // One camera: nothing else to try but itself.
    expect(switchChoices('user', ['a'], 'a')).toEqual([
      { facing: 'environment', strict: true },
      { deviceId: 'a' },
    ])
    // A browser that names no device: the same facing, loosely.
    expect(switchChoices('environment', [], undefined)).toEqual([
      { facing: 'user', strict: true },
      { facing: 'environment' },
    ])
  })

  it('mirrors the preview of every camera but a rear one', () => {
    expect(mirrorsPreview('environment')).toBe(false)
    expect(mirrorsPreview('user')).toBe(true)
    expect(mirrorsPreview(undefined)).toBe(true)
  })
})
