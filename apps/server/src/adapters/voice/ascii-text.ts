/** Typographic characters flite would spell out byte by byte, as the ASCII a reader hears. */
const PLAIN: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '…': '...',
  '\u00a0': ' ',
}

/**
 * The text in ASCII for flite, which reads bytes and says each byte of a UTF-8 letter as a
 * letter of its own: accents are dropped ("café" → "cafe"), typographic punctuation becomes
 * plain, anything else is left out. `origin[i]` is the index in the original text of ASCII
 * character i, so what flite reports maps back to the words as written.
 */
export function toAscii(text: string): { text: string; origin: number[] } {
  let out = ''
  const origin: number[] = []
  let index = 0
  for (const char of text) {
    const plain = char < '\u0080' ? char : (PLAIN[char] ?? asciiLetters(char))
    out += plain
    for (let i = 0; i < plain.length; i++) origin.push(index)
    index += char.length
  }
  return { text: out, origin }
}

/** What is left of a letter without its accents ("é" → "e", "ﬁ" → "fi"), if any is ASCII. */
function asciiLetters(char: string): string {
  return char.normalize('NFKD').replace(/[^\x20-\x7e]/g, '')
}
