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
 */
export function layoutText(text: string, maxWidth: number, measure: (s: string) => number): Line[] {
  const lines: Line[] = []
  let offset = 0
  for (const paragraph of text.split('\n')) {
    wrapParagraph(paragraph, offset, maxWidth, measure, lines)
    offset += paragraph.length + 1
  }
  return lines
}

function wrapParagraph(
  p: string,
  offset: number,
  maxWidth: number,
  measure: (s: string) => number,
  lines: Line[],
): void {
  const words = [...p.matchAll(/\S+/g)]
  if (words.length === 0) {
    lines.push({ text: '', start: offset, width: 0 })
    return
  }
  let start = -1
  let end = -1
  const flush = () => {
    if (start < 0) return
    const text = p.slice(start, end)
    lines.push({ text, start: offset + start, width: measure(text) })
    start = -1
  }
  for (const w of words) {
    const ws = w.index
    const we = ws + w[0].length
    if (start >= 0 && measure(p.slice(start, we)) <= maxWidth) {
      end = we
      continue
    }
    flush()
    if (measure(w[0]) <= maxWidth) {
      start = ws
      end = we
      continue
    }
    // Too long for a line of its own: cut it at the last character that fits (one at least).
    let s = ws
    while (s < we) {
      let e = s + 1
      while (e < we && measure(p.slice(s, e + 1)) <= maxWidth) e++
      if (e === we) {
        start = s
        end = e
        break
      }
      lines.push({ text: p.slice(s, e), start: offset + s, width: measure(p.slice(s, e)) })
      s = e
    }
  }
  flush()
}
