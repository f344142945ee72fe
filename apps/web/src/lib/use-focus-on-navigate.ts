import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After a move to another page, focus goes to its heading (or the main region), so a screen
 * reader announces the new page and the keyboard starts from it, as a full page load would.
 * The first page of a visit keeps the browser's own focus.
 */
export function useFocusOnNavigate(mainId: string): void {
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // The new page's content renders in this same commit; a lazy page shows its heading later.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById(mainId)
      const target = main?.querySelector<HTMLElement>('h1') ?? main
      if (!target) return
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
      target.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [pathname, mainId])
}
