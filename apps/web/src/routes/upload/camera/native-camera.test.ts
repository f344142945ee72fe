import { Camera } from '@capacitor/camera'
import { describe, expect, it, vi } from 'vitest'
import { isCancelled, takeNativePhoto } from './native-camera'

// The plugin's native side is not here: its answers are those its Android and iOS code give.
vi.mock('@capacitor/camera', () => ({
  Camera: { getPhoto: vi.fn() },
  CameraResultType: { DataUrl: 'dataUrl' },
  CameraSource: { Camera: 'CAMERA' },
}))
const getPhoto = vi.mocked(Camera.getPhoto)

describe('takeNativePhoto', () => {
  it("takes a photo with the device's camera as a photo_{timestamp}.jpeg File", async () => {
    getPhoto.mockResolvedValueOnce({
      dataUrl: 'data:image/jpeg;base64,/9j/2Q==',
      format: 'jpeg',
      saved: false,
    })
    const photo = await takeNativePhoto()
    expect(getPhoto).toHaveBeenLastCalledWith(
      expect.objectContaining({ source: 'CAMERA', resultType: 'dataUrl' }),
    )
    expect(photo?.name).toMatch(/^photo_\d+\.jpeg$/)
    expect(photo?.type).toBe('image/jpeg')
    expect([...new Uint8Array(await photo!.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xd9])
  })

  it('answers null when the user closes the camera, and fails otherwise', async () => {
    getPhoto.mockRejectedValueOnce(new Error('User cancelled photos app'))
    expect(await takeNativePhoto()).toBeNull()
    getPhoto.mockRejectedValueOnce(new Error('User denied access to camera'))
    await expect(takeNativePhoto()).rejects.toThrow('denied')
  })
})

describe('isCancelled', () => {
  it('tells a closed camera from a failure', () => {
    expect(isCancelled(new Error('User cancelled photos app'))).toBe(true)
    expect(isCancelled(new Error('User denied access to camera'))).toBe(false)
    expect(isCancelled('User cancelled photos app')).toBe(false)
  })
})
