import { writeFile } from 'node:fs/promises'
import { createCanvas, loadImage } from '@napi-rs/canvas'

/** An RGBA picture. */
export interface Pixels {
  width: number
  height: number
  data: Uint8ClampedArray
}

/** Decodes a PNG or JPEG, drawn at `width` x `height` when given (a smooth downscale). */
export async function decode(bytes: Buffer, width?: number, height?: number): Promise<Pixels> {
  const img = await loadImage(bytes)
  const w = width ?? img.width
  const h = height ?? img.height
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(img, 0, 0, w, h)
  const { data } = ctx.getImageData(0, 0, w, h)
  return { width: w, height: h, data }
}

function sameSize(a: Pixels, b: Pixels): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`${a.width}x${a.height} against ${b.width}x${b.height}`)
  }
}

/** PSNR of R, G and B over the whole picture, dB. */
export function psnr(a: Pixels, b: Pixels): number[] {
  sameSize(a, b)
  const squares = [0, 0, 0]
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) squares[c]! += (a.data[i + c]! - b.data[i + c]!) ** 2
  }
  const n = a.data.length / 4
  return squares.map((s) => (s === 0 ? Infinity : 10 * Math.log10((255 * 255 * n) / s)))
}

function luma(p: Pixels): Float64Array {
  const y = new Float64Array(p.width * p.height)
  for (let i = 0; i < y.length; i++) {
    y[i] = 0.299 * p.data[i * 4]! + 0.587 * p.data[i * 4 + 1]! + 0.114 * p.data[i * 4 + 2]!
  }
  return y
}

/**
 * Mean SSIM of the luma (Wang et al. 2004, 8x8 windows every 4 pixels, the usual constants).
 * 1 is identical.
 */
export function ssim(a: Pixels, b: Pixels): number {
  sameSize(a, b)
  const ya = luma(a)
  const yb = luma(b)
  const C1 = (0.01 * 255) ** 2
  const C2 = (0.03 * 255) ** 2
  const N = 8
  let sum = 0
  let count = 0
  for (let y0 = 0; y0 + N <= a.height; y0 += 4) {
    for (let x0 = 0; x0 + N <= a.width; x0 += 4) {
      let sa = 0
      let sb = 0
      let saa = 0
      let sbb = 0
      let sab = 0
      for (let y = y0; y < y0 + N; y++) {
        for (let x = x0; x < x0 + N; x++) {
          const p = ya[y * a.width + x]!
          const q = yb[y * a.width + x]!
          sa += p
          sb += q
          saa += p * p
          sbb += q * q
          sab += p * q
        }
      }
      const n = N * N
      const ma = sa / n
      const mb = sb / n
      const va = saa / n - ma * ma
      const vb = sbb / n - mb * mb
      const cov = sab / n - ma * mb
      sum += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2))
      count++
    }
  }
  return sum / count
}

/**
 * Strength of fine grain: the mean absolute difference between each pixel's luma and the mean
 * of its four neighbours (flat areas give 0; edges add the same in pictures of the same scene).
 */
export function grain(p: Pixels): number {
  const y = luma(p)
  const w = p.width
  let sum = 0
  let n = 0
  for (let j = 1; j < p.height - 1; j++) {
    for (let i = 1; i < w - 1; i++) {
      const k = j * w + i
      sum += Math.abs(y[k]! - (y[k - 1]! + y[k + 1]! + y[k - w]! + y[k + w]!) / 4)
      n++
    }
  }
  return sum / n
}

/** First | second | their difference x8, to look at when a check fails. */
export async function saveSideBySide(file: string, a: Pixels, b: Pixels): Promise<void> {
  sameSize(a, b)
  const canvas = createCanvas(a.width * 3, a.height)
  const ctx = canvas.getContext('2d')
  const diff = new Uint8ClampedArray(a.data.length)
  for (let i = 0; i < diff.length; i += 4) {
    for (let c = 0; c < 3; c++) diff[i + c] = Math.abs(a.data[i + c]! - b.data[i + c]!) * 8
    diff[i + 3] = 255
  }
  ;[a.data, b.data, diff].forEach((data, i) => {
    const image = ctx.createImageData(a.width, a.height)
    image.data.set(data)
    ctx.putImageData(image, i * a.width, 0)
  })
  await writeFile(file, await canvas.encode('png'))
}
