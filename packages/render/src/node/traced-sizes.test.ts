import { describe, expect, it } from 'vitest'
import { TRACED_CODECS, traceReader } from './traced-sizes'

/** Lines as ffmpeg 5.1's trace_headers logs them. */
const field = (name: string, value: number) =>
  `[trace_headers @ 0x55deeb57cc00] 41          ${name.padEnd(40)} ${value.toString(2)} = ${value}`

const largest = (codec: string, lines: string[]) => {
  const reader = traceReader(TRACED_CODECS[codec]!)
  for (const line of lines) reader.line(line)
  return reader.largest
}

const h264Sps = (widthMbs: number, heightUnits: number, frameMbsOnly: 0 | 1) => [
  '[trace_headers @ 0x55deeb57cc00] Sequence Parameter Set',
  field('pic_width_in_mbs_minus1', widthMbs - 1),
  field('pic_height_in_map_units_minus1', heightUnits - 1),
  field('frame_mbs_only_flag', frameMbsOnly),
  field('frame_cropping_flag', 0),
]

describe('traceReader', () => {
  it("takes an H.264 stream's largest parameter set, not its first", () => {
    const lines = [...h264Sps(20, 15, 1), ...h264Sps(512, 512, 1), ...h264Sps(20, 15, 1)]
    expect(largest('h264', lines)).toBe(8192)
  })

  it('counts the height of an H.264 picture of two fields in pairs of macroblocks', () => {
    // 1080i: 34 map units of 32 lines each.
    expect(largest('h264', h264Sps(120, 34, 0))).toBe(1920)
    expect(largest('h264', h264Sps(20, 150, 0))).toBe(4800)
  })

  it('reads HEVC, AV1 and VP9 sizes in their own units', () => {
    const hevc = [
      field('pic_width_in_luma_samples', 320),
      field('pic_height_in_luma_samples', 4112),
    ]
    expect(largest('hevc', hevc)).toBe(4112)
    const av1 = [field('max_frame_width_minus_1', 4111), field('max_frame_height_minus_1', 239)]
    expect(largest('av1', av1)).toBe(4112)
    const vp9 = [field('frame_width_minus_1', 319), field('frame_height_minus_1', 239)]
    expect(largest('vp9', [...vp9, field('render_width_minus_1', 9999)])).toBe(320)
  })

  it('is 0 until a whole size has been traced', () => {
    expect(largest('h264', h264Sps(20, 15, 1).slice(0, 3))).toBe(0)
  })

  it("ignores lines that are not the filter's own, such as the file's metadata", () => {
    const injected = `    title           : ${field('pic_width_in_luma_samples', 1)}`
    const stats = `frame=    1 fps=0.0 ${field('pic_height_in_luma_samples', 9000)}`
    expect(largest('hevc', [injected, stats])).toBe(0)
  })
})
