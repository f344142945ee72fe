import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'

const run = promisify(execFile)

/**
 * Photo-like scenes for bench/compose, drawn as SVG (gradients for skies, fractal noise for
 * foliage, sand and water) so that each has the light, colours, calm and busy areas of the kind
 * of photo it stands for. Made once and kept in bench/out.
 */
interface Scene {
  file: string
  width: number
  height: number
  body: (w: number, h: number) => string
  /** A sepia wash, as an old print. */
  sepia?: boolean
}

/**
 * Fractal noise multiplied into what the filter is applied to: the texture of leaves, sand,
 * water or stone. `depth` is how far the darkest grain darkens it.
 */
const texture = (id: string, freq: number, seed: number, depth = 0.6) => `
  <filter id="${id}" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="4" seed="${seed}" result="noise"/>
    <feColorMatrix in="noise" type="saturate" values="0" result="grey"/>
    <feComponentTransfer in="grey" result="grain">
      <feFuncR type="linear" slope="${2 * depth}" intercept="${1 - 1.4 * depth}"/>
      <feFuncG type="linear" slope="${2 * depth}" intercept="${1 - 1.4 * depth}"/>
      <feFuncB type="linear" slope="${2 * depth}" intercept="${1 - 1.4 * depth}"/>
      <feFuncA type="linear" slope="0" intercept="1"/>
    </feComponentTransfer>
    <feBlend in="SourceGraphic" in2="grain" mode="multiply" result="textured"/>
    <feComposite in="textured" in2="SourceGraphic" operator="in"/>
  </filter>`

const sky = (id: string, stops: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`

/** A ridge line across the width: deterministic bumps from a seed. */
function ridge(w: number, h: number, base: number, amp: number, seed: number, steps = 40): string {
  const pts: string[] = [`0,${h}`]
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps
    const y = base + amp * Math.sin(i * 1.7 + seed) * Math.cos(i * 0.6 + seed * 2) - amp * 0.3
    pts.push(`${x.toFixed(0)},${y.toFixed(0)}`)
  }
  pts.push(`${w},${h}`)
  return pts.join(' ')
}

/** Points scattered by a seeded generator, for stars, windows and confetti. */
function scatter(n: number, seed: number, draw: (x: number, y: number, size: number) => string) {
  let s = seed
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648
  return Array.from({ length: n }, () => draw(next(), next(), next())).join('')
}

const SCENES: Scene[] = [
  {
    file: 'lake-morning.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <defs>${sky('s', ['#9cc3e6', '#f3d9c4'])}${texture('water', 0.012, 3)}${texture('pines', 0.05, 7)}</defs>
      <rect width="${w}" height="${h * 0.55}" fill="url(#s)"/>
      <polygon points="${ridge(w, h * 0.6, h * 0.38, h * 0.08, 1)}" fill="#7d8fa8"/>
      <polygon points="${ridge(w, h * 0.62, h * 0.5, h * 0.05, 4, 120)}" fill="#2e4a38" filter="url(#pines)"/>
      <rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="#8fb1c9" filter="url(#water)"/>
      <rect x="${w * 0.58}" y="${h * 0.7}" width="${w * 0.06}" height="${h * 0.015}" fill="#4a2e1c"/>`,
  },
  {
    file: 'forest-portrait.jpg',
    width: 1600,
    height: 2400,
    body: (w, h) => `
      <defs>${texture('leaves', 0.03, 11)}${texture('path', 0.02, 5, 0.6)}</defs>
      <rect width="${w}" height="${h}" fill="#9fd08a" filter="url(#leaves)"/>
      ${[0.2, 0.45, 0.75].map((x) => `<rect x="${w * x}" y="${h * 0.3}" width="${w * 0.06}" height="${h * 0.55}" fill="#3b2a1d"/>`).join('')}
      <rect y="${h * 0.82}" width="${w}" height="${h * 0.18}" fill="#d9c4a0" filter="url(#path)"/>`,
  },
  {
    file: 'mountain-panorama.jpg',
    width: 4800,
    height: 1200,
    body: (w, h) => `
      <defs>${sky('s', ['#4d7fc0', '#cfe3f5'])}${texture('rock', 0.02, 9)}</defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/>
      <polygon points="${ridge(w, h, h * 0.42, h * 0.18, 2, 60)}" fill="#b9b4ae" filter="url(#rock)"/>
      <polygon points="${ridge(w, h, h * 0.7, h * 0.08, 5, 90)}" fill="#3f6a3a"/>`,
  },
  {
    file: 'night-city.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <defs>${sky('s', ['#050a1a', '#1a2142'])}</defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/>
      ${scatter(160, 3, (x, y, k) => `<circle cx="${x * w}" cy="${y * h * 0.45}" r="${1 + k * 2.5}" fill="#e8ecff"/>`)}
      ${Array.from({ length: 18 }, (_, i) => `<rect x="${(w * i) / 18}" y="${h * (0.5 + ((i * 37) % 23) / 100)}" width="${w / 18 - 8}" height="${h}" fill="#0c0f1c"/>`).join('')}
      ${scatter(700, 9, (x, y) => `<rect x="${x * w}" y="${h * (0.62 + y * 0.36)}" width="10" height="14" fill="#ffd27a"/>`)}`,
  },
  {
    file: 'bright-beach.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <defs>${sky('s', ['#7cc4f5', '#e6f6ff'])}${texture('sea', 0.015, 4)}${texture('sand', 0.09, 8)}</defs>
      <rect width="${w}" height="${h * 0.45}" fill="url(#s)"/>
      <circle cx="${w * 0.8}" cy="${h * 0.14}" r="${h * 0.06}" fill="#fffbe6"/>
      <rect y="${h * 0.45}" width="${w}" height="${h * 0.2}" fill="#59b8e0" filter="url(#sea)"/>
      <rect y="${h * 0.65}" width="${w}" height="${h * 0.35}" fill="#f7e3b5" filter="url(#sand)"/>
      <polygon points="${w * 0.3},${h * 0.62} ${w * 0.42},${h * 0.55} ${w * 0.54},${h * 0.62}" fill="#e8413c"/>
      <rect x="${w * 0.418}" y="${h * 0.6}" width="8" height="${h * 0.2}" fill="#555"/>`,
  },
  {
    file: 'surf-waves.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <defs>${sky('s', ['#8fd0ff', '#f2fbff'])}${texture('foam', 0.04, 12)}</defs>
      <rect width="${w}" height="${h}" fill="url(#s)"/>
      <rect y="${h * 0.35}" width="${w}" height="${h * 0.65}" fill="#cdefff" filter="url(#foam)"/>
      <polygon points="${w * 0.45},${h * 0.6} ${w * 0.62},${h * 0.56} ${w * 0.6},${h * 0.6}" fill="#ff7a2f"/>
      <circle cx="${w * 0.55}" cy="${h * 0.5}" r="${h * 0.03}" fill="#222"/>`,
  },
  {
    file: 'grandma-portrait.jpg',
    width: 1800,
    height: 2400,
    sepia: true,
    body: (w, h) => `
      <defs>${texture('wall', 0.01, 6, 0.5)}</defs>
      <rect width="${w}" height="${h}" fill="#d8cbb8" filter="url(#wall)"/>
      <ellipse cx="${w * 0.5}" cy="${h * 0.36}" rx="${w * 0.17}" ry="${h * 0.13}" fill="#c8a486"/>
      <ellipse cx="${w * 0.5}" cy="${h * 0.26}" rx="${w * 0.2}" ry="${h * 0.07}" fill="#eeeeee"/>
      <circle cx="${w * 0.44}" cy="${h * 0.35}" r="${w * 0.015}" fill="#333"/>
      <circle cx="${w * 0.56}" cy="${h * 0.35}" r="${w * 0.015}" fill="#333"/>
      <path d="M ${w * 0.2} ${h} Q ${w * 0.5} ${h * 0.4} ${w * 0.8} ${h} Z" fill="#5a4a6a"/>`,
  },
  {
    file: 'old-house.jpg',
    width: 2400,
    height: 1600,
    sepia: true,
    body: (w, h) => `
      <defs>${sky('s', ['#c9d6df', '#eef0ea'])}${texture('grass', 0.06, 2)}${texture('brick', 0.08, 3, 0.7)}</defs>
      <rect width="${w}" height="${h * 0.6}" fill="url(#s)"/>
      <rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="#8fb36a" filter="url(#grass)"/>
      <rect x="${w * 0.3}" y="${h * 0.35}" width="${w * 0.4}" height="${h * 0.32}" fill="#c98a6a" filter="url(#brick)"/>
      <polygon points="${w * 0.27},${h * 0.36} ${w * 0.5},${h * 0.18} ${w * 0.73},${h * 0.36}" fill="#5a3a2a"/>
      <rect x="${w * 0.46}" y="${h * 0.52}" width="${w * 0.08}" height="${h * 0.15}" fill="#3a2a1a"/>`,
  },
  {
    file: 'sunset-couple.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <defs>${sky('s', ['#3b2a6a', '#e0607a', '#ffb36b'])}${texture('sea', 0.02, 14)}</defs>
      <rect width="${w}" height="${h * 0.7}" fill="url(#s)"/>
      <circle cx="${w * 0.5}" cy="${h * 0.62}" r="${h * 0.1}" fill="#ffd9a0"/>
      <rect y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="#c0607a" filter="url(#sea)"/>
      <ellipse cx="${w * 0.42}" cy="${h * 0.62}" rx="${w * 0.025}" ry="${h * 0.12}" fill="#1a1020"/>
      <ellipse cx="${w * 0.47}" cy="${h * 0.63}" rx="${w * 0.022}" ry="${h * 0.11}" fill="#1a1020"/>`,
  },
  {
    file: 'party-confetti.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <rect width="${w}" height="${h}" fill="#fff3e0"/>
      ${scatter(900, 21, (x, y, k) => `<circle cx="${x * w}" cy="${y * h}" r="${8 + k * 22}" fill="${['#ff4f6d', '#ffc400', '#2ec4b6', '#7b5cff', '#ff8a00'][Math.floor(k * 5)]}"/>`)}`,
  },
  {
    // The same shot a moment later: a burst the composer should not show back to back.
    file: 'party-confetti-2.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <rect width="${w}" height="${h}" fill="#fff3e0"/>
      ${scatter(900, 22, (x, y, k) => `<circle cx="${x * w}" cy="${y * h}" r="${8 + k * 22}" fill="${['#ff4f6d', '#ffc400', '#2ec4b6', '#7b5cff', '#ff8a00'][Math.floor(k * 5)]}"/>`)}`,
  },
  {
    file: 'fireworks.jpg',
    width: 2400,
    height: 1600,
    body: (w, h) => `
      <rect width="${w}" height="${h}" fill="#07071a"/>
      ${[
        [0.3, 0.3, '#ff5a7a'],
        [0.65, 0.25, '#ffd04a'],
        [0.5, 0.5, '#6ad1ff'],
      ]
        .map(([cx, cy, c]) =>
          Array.from({ length: 36 }, (_, i) => {
            const a = (i / 36) * Math.PI * 2
            const x1 = (cx as number) * w
            const y1 = (cy as number) * h
            return `<line x1="${x1}" y1="${y1}" x2="${x1 + Math.cos(a) * h * 0.18}" y2="${y1 + Math.sin(a) * h * 0.18}" stroke="${c}" stroke-width="6"/>`
          }).join(''),
        )
        .join('')}
      <rect y="${h * 0.85}" width="${w}" height="${h * 0.15}" fill="#111"/>`,
  },
]

async function drawScene(scene: Scene, file: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}">${scene.body(scene.width, scene.height)}</svg>`
  let image = sharp(Buffer.from(svg))
  if (scene.sepia) {
    image = image.recomb([
      [0.393, 0.769, 0.189],
      [0.349, 0.686, 0.168],
      [0.272, 0.534, 0.131],
    ])
  }
  await image.jpeg({ quality: 88 }).toFile(file)
}

/** A 4 s clip of surf: the waves picture panned by ffmpeg, with moving grain. */
async function drawClip(waves: string, file: string): Promise<void> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    waves,
    '-vf',
    "scale=1920:-2,zoompan=z=1.15:x='(iw-iw/zoom)*on/119':y='ih/2-ih/zoom/2':d=120:s=1280x720:fps=30,noise=alls=8:allf=t",
    '-frames:v',
    '120',
    '-pix_fmt',
    'yuv420p',
    file,
  ])
}

export const CLIP = 'surf-clip.mp4'

/** Every scene and the clip in `dir`, drawn the first time; their file names. */
export async function composeMedia(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  for (const scene of SCENES) {
    const file = join(dir, scene.file)
    if (!existsSync(file)) await drawScene(scene, file)
  }
  if (!existsSync(join(dir, CLIP))) await drawClip(join(dir, 'surf-waves.jpg'), join(dir, CLIP))
  return [...SCENES.map((s) => s.file), CLIP]
}
