import { createCanvas } from '@napi-rs/canvas'

/** A small real picture: a gradient with a bright disc, encoded as PNG or JPEG. */
export function pictureFile(
  name: string,
  opts: { width?: number; height?: number; hue?: number; format?: 'png' | 'jpeg' } = {},
): File {
  const { width = 320, height = 240, hue = 200, format = 'png' } = opts
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const g = ctx.createLinearGradient(0, 0, width, height)
  g.addColorStop(0, `hsl(${hue}, 70%, 35%)`)
  g.addColorStop(1, `hsl(${(hue + 60) % 360}, 70%, 60%)`)
  ctx.fillStyle = g
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = '#fff7d6'
  ctx.beginPath()
  ctx.arc(width * 0.7, height * 0.35, Math.min(width, height) * 0.15, 0, Math.PI * 2)
  ctx.fill()
  const bytes = format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg')
  return new File([new Uint8Array(bytes)], name, { type: `image/${format}` })
}

export function formWith(files: File[], fields: Record<string, string> = {}): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files) form.append('files', f, f.name)
  return form
}
