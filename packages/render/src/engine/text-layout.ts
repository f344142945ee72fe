/** One wrapped line: its text, where it starts in the original string, and its width. */
export interface Line {
  text: string
  start: number
  width: number
}

/**
 * The one line-breaking function of editor and video: greedy, at spaces, honouring '\n';
 * a word wider than maxWidth is broken between characters. Spaces at a break are dropped.
 * `start` lets a streamed reveal count characters in the original text.
 *
 * Linear in the text's length: each word, gap and character is measured once and a line's
 * width is accumulated while it grows (remeasuring the growing line made a long text quadratic
 * or worse); each finished line is then measured once, so `width` is exact where kerning makes
 * the sum of parts differ slightly.
 */
export function layoutText(text: string, maxWidth: number, measure: (s: string) => number): Line[] {
  const widthOf = memoized(measure)
  const lines: Line[] = []
  let offset = 0
  for (const paragraph of text.split('\n')) {
    wrapParagraph(paragraph, offset, maxWidth, widthOf, lines)
    offset += paragraph.length + 1
  }
  return lines
}

/** Words and gaps repeat; each distinct string is measured once. */
function memoized(measure: (s: string) => number): (s: string) => number {
  const widths = new Map<string, number>()
  return (s) => {
    let w = widths.get(s)
    if (w === undefined) widths.set(s, (w = measure(s)))
    return w
  }
}

function wrapParagraph(
  p: string,
  offset: number,
  maxWidth: number,
  widthOf: (s: string) => number,
  lines: Line[],
): void {
  const words = [...p.matchAll(/\S+/g)]
  if (words.length === 0) {
    lines.push({ text: '', start: offset, width: 0 })
    return
  }
  let start = -1
  let end = -1
  let width = 0
  const push = (s: number, e: number) => {
    const text = p.slice(s, e)
    lines.push({ text, start: offset + s, width: widthOf(text) })
  }
  const flush = () => {
    if (start >= 0) push(start, end)
    start = -1
  }
  for (const w of words) {
    const ws = w.index
    const we = ws + w[0].length
    const wordWidth = widthOf(w[0])
    if (start >= 0) {
      const grown = width + widthOf(p.slice(end, ws)) + wordWidth
      if (grown <= maxWidth) {
        end = we
        width = grown
        continue
      }
    }
    flush()
    if (wordWidth <= maxWidth) {
      start = ws
      end = we
      width = wordWidth
      continue
    }
    // Too long for a line of its own: cut it at the last character that fits (one at least).
    let s = ws
    let pieceWidth = widthOf(p[s]!)
    for (let e = s + 1; e < we; e++) {
      const charWidth = widthOf(p[e]!)
      if (pieceWidth + charWidth > maxWidth) {
        push(s, e)
        s = e
        pieceWidth = charWidth
      } else {
        pieceWidth += charWidth
      }
    }
    start = s
    end = we
    width = pieceWidth
  }
  flush()
}
