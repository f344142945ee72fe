import { useEffect, useState } from 'react'

/**
 * The value once it has stopped changing for `ms`: what typing has settled on, so that work
 * follows each pause rather than each key. The first value settles at once.
 */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
