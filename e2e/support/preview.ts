import type { Page } from 'playwright-core'
import type { Rgb } from './frames'

/**
 * How many pixels of the editor's preview of slide 1, in its upper or lower half, are (nearly)
 * `color`: where the captions stand, told by their highlight colour.
 */
export function colorInPreview(page: Page, half: 'upper' | 'lower', color: Rgb): Promise<number> {
  return page.getByRole('img', { name: 'Slide 1 preview' }).evaluate(
    (canvas, { half, want }) => {
      const c = canvas as HTMLCanvasElement
      const middle = Math.floor(c.height / 2)
      const top = half === 'upper' ? 0 : middle
      const rows = half === 'upper' ? middle : c.height - middle
      const { data } = c.getContext('2d')!.getImageData(0, top, c.width, rows)
      let count = 0
      for (let i = 0; i < data.length; i += 4) {
        const near =
          Math.abs(data[i]! - want.r) < 40 &&
          Math.abs(data[i + 1]! - want.g) < 40 &&
          Math.abs(data[i + 2]! - want.b) < 40
        if (near) count++
      }
      return count
    },
    { half, want: color },
  )
}
