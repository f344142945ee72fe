import { useEffect, useRef, useState } from 'react'

/**
 * Calls `onVisible` when the returned element comes within 400 px of the viewport: the end of
 * the grid, where the next page loads just before the user gets there (no sooner: searches count
 * against the providers' hourly quotas). `version` (the item count) looks again after each page,
 * as a short page may leave the end still in view.
 */
export function useLoadMore(onVisible: () => void, version: number) {
  const [element, setElement] = useState<Element | null>(null)
  const callback = useRef(onVisible)
  useEffect(() => {
    callback.current = onVisible
  })

  useEffect(() => {
    if (!element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current()
      },
      { rootMargin: '0px 0px 400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, version])

  return setElement
}
