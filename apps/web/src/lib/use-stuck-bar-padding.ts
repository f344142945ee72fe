import { useEffect, type RefObject } from 'react'

/**
 * Keeps the page's scroll padding clear of a bar stuck to the top or the bottom of the screen
 * (the phone editor's preview, its footer), so that focus moving by keyboard and scrollIntoView
 * never bring a control under the bar. Measured as the bar changes size; nothing while the bar
 * is not stuck (a wide screen lays it out otherwise).
 */
export function useStuckBarPadding(ref: RefObject<HTMLElement | null>, side: 'top' | 'bottom') {
  useEffect(() => {
    const bar = ref.current
    if (!bar) return
    const root = document.documentElement
    const property = side === 'top' ? 'scroll-padding-top' : 'scroll-padding-bottom'
    const update = () => {
      const style = getComputedStyle(bar)
      if (style.position !== 'sticky' && style.position !== 'fixed') {
        root.style.removeProperty(property)
        return
      }
      const offset = Number.parseFloat(side === 'top' ? style.top : style.bottom) || 0
      root.style.setProperty(property, `${offset + bar.getBoundingClientRect().height}px`)
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(bar)
    window.addEventListener('resize', update)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', update)
      root.style.removeProperty(property)
    }
  }, [ref, side])
}
