/**
 * The frame sizes a video stream announces, read from the lines ffmpeg's trace_headers
 * bitstream filter logs for each header it parses, without decoding a frame. Each codec's
 * `bsf` first drops every unit that announces no size (filter_units), so a long clip traces a
 * line or two per parameter set rather than every slice.
 */
export interface TracedCodec {
  /** The bitstream filters to run over the stream, ending with trace_headers. */
  bsf: string
  /** The field that comes last of those giving one size. */
  last: string
  /** The largest side of the size those fields give (coded, before any cropping). */
  side(field: (name: string) => number): number
}

const larger = (width: number, height: number) => Math.max(width, height)

/** The codecs whose sizes can be traced, by ffprobe's codec_name. */
export const TRACED_CODECS: Record<string, TracedCodec> = {
  // Sequence parameter sets (NAL type 7): 16-pixel macroblocks, and a picture of two fields
  // counts its height in pairs of them.
  h264: {
    bsf: 'filter_units=pass_types=7,trace_headers',
    last: 'frame_mbs_only_flag',
    side: (f) =>
      larger(
        (f('pic_width_in_mbs_minus1') + 1) * 16,
        (f('pic_height_in_map_units_minus1') + 1) * 16 * (2 - f('frame_mbs_only_flag')),
      ),
  },
  // Sequence parameter sets (NAL type 33).
  hevc: {
    bsf: 'filter_units=pass_types=33,trace_headers',
    last: 'pic_height_in_luma_samples',
    side: (f) => larger(f('pic_width_in_luma_samples'), f('pic_height_in_luma_samples')),
  },
  // Sequence headers (OBU type 1): no frame may be larger than their maximum.
  av1: {
    bsf: 'filter_units=pass_types=1,trace_headers',
    last: 'max_frame_height_minus_1',
    side: (f) => larger(f('max_frame_width_minus_1') + 1, f('max_frame_height_minus_1') + 1),
  },
  // No parameter sets: every frame header is traced; a frame that takes a reference frame's
  // size announces none of its own.
  vp9: {
    bsf: 'trace_headers',
    last: 'frame_height_minus_1',
    side: (f) => larger(f('frame_width_minus_1') + 1, f('frame_height_minus_1') + 1),
  },
}

/**
 * One traced field: `[trace_headers @ 0x…] <bit position> <name> <bits> = <value>`. Anchored at
 * the start, so text the file itself makes ffmpeg print (its metadata, indented) never matches.
 */
const TRACED_FIELD = /^\[trace_headers @ 0x[0-9a-f]+\] +\d+ +(\w+) +[01]+ = (\d+)$/

/** Reads a stream's trace line by line: `largest` is the largest side announced so far, or 0. */
export function traceReader(codec: TracedCodec) {
  const fields = new Map<string, number>()
  let largest = 0
  return {
    line(text: string) {
      const match = TRACED_FIELD.exec(text)
      if (!match) return
      fields.set(match[1]!, Number(match[2]))
      if (match[1] === codec.last) {
        largest = Math.max(
          largest,
          codec.side((name) => fields.get(name) ?? 0),
        )
      }
    },
    get largest() {
      return largest
    },
  }
}
