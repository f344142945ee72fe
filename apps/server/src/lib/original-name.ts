/** Longest original name kept, in characters. */
const MAX_LENGTH = 255

/**
 * Control characters (a NUL is refused by PostgreSQL's text, an escape sequence rewrites a
 * terminal) and bidirectional overrides (which show 'gnp.exe' as 'exe.png').
 */
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** The name a user's file had, fit to keep and show: unsafe characters out, at most 255 long. */
export function cleanOriginalName(name: string): string {
  // By code points, so a cut never leaves half of a surrogate pair.
  return Array.from(name.replace(UNSAFE, '').trim()).slice(0, MAX_LENGTH).join('')
}
