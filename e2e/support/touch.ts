import type { BrowserContext, Locator, Page } from 'playwright-core'

export interface Point {
  x: number
  y: number
}

/**
 * One finger on a touch screen, through CDP (Playwright's touchscreen only taps): put it down,
 * move it in steps of about a frame, let it go.
 */
export async function finger(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page)
  let at: Point = { x: 0, y: 0 }
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: Point) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: point ? [{ x: point.x, y: point.y }] : [],
    })
  return {
    async down(point: Point) {
      at = point
      await touch('touchStart', point)
    },
    async move(to: Point, steps = 12) {
      const from = at
      for (let i = 1; i <= steps; i++) {
        at = {
          x: from.x + ((to.x - from.x) * i) / steps,
          y: from.y + ((to.y - from.y) * i) / steps,
        }
        await touch('touchMove', at)
        await page.waitForTimeout(16)
      }
    },
    async up() {
      await touch('touchEnd')
      await cdp.detach()
    },
  }
}

/** A press held for `ms` then dragged, as a finger does: the strip's long-press reorder. */
export async function longPressDrag(
  page: Page,
  context: BrowserContext,
  from: Point,
  to: Point,
  ms: number,
) {
  const hand = await finger(page, context)
  await hand.down(from)
  await page.waitForTimeout(ms)
  await hand.move(to)
  await hand.up()
}

/** The middle of an element's box. */
export function center(box: { x: number; y: number; width: number; height: number } | null) {
  if (!box) throw new Error('not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * Two presses on an element, `apartMs` apart by the browser's clock, with a mouse or a finger.
 * Playwright's dblclick and tap send each event when the last is answered: on a busy machine two
 * taps landed further apart than a person's double tap. CDP stamps each event with the time
 * given, and the page's `event.timeStamp` follows that stamp, not the delivery.
 */
export async function doublePress(
  page: Page,
  target: Locator,
  pointer: 'mouse' | 'touch',
  apartMs = 120,
) {
  const at = center(await target.boundingBox())
  const cdp = await page.context().newCDPSession(page)
  const start = Date.now() / 1000
  for (const press of [0, 1]) {
    const stamp = start + (press * apartMs) / 1000
    if (pointer === 'touch') {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [at],
        timestamp: stamp,
      })
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchEnd',
        touchPoints: [],
        timestamp: stamp + 0.03,
      })
    } else {
      const click = { ...at, button: 'left' as const, clickCount: press + 1 }
      await cdp.send('Input.dispatchMouseEvent', {
        type: 'mousePressed',
        ...click,
        timestamp: stamp,
      })
      await cdp.send('Input.dispatchMouseEvent', {
        type: 'mouseReleased',
        ...click,
        timestamp: stamp + 0.03,
      })
    }
  }
  await cdp.detach()
}
