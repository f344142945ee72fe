/** A duration for people: '4.5 s', or '1:05 min' from a minute on. */
export function formatSeconds(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10
  if (rounded < 60) return `${rounded} s`
  const minutes = Math.floor(rounded / 60)
  const rest = Math.round(rounded % 60)
  return `${minutes}:${String(rest).padStart(2, '0')} min`
}

/** A video's length as players show it: '0:42', '1:05'. */
export function formatLength(seconds: number): string {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
