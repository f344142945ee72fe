import { describe, expect, test } from 'vitest'
import { NAV_ITEMS, activeNavItem, showsTabBar } from './nav-items'

describe('activeNavItem', () => {
  test.each([
    ['/', 'home'],
    ['/format', 'home'],
    ['/upload', 'home'],
    ['/customize', 'home'],
    ['/render/0b6f6c1e-1d2f-4c55-9d36-2f0a4c4c9d11', 'home'],
    ['/media', 'media'],
    ['/queue', 'videos'],
    ['/queue/', 'videos'],
    ['/plan', null],
    ['/queued', null],
  ])('%s is %s', (pathname, item) => {
    expect(activeNavItem(pathname)).toBe(item)
  })
})

test('the footer nav of SPEC section 2', () => {
  expect(NAV_ITEMS.map(({ label, to }) => [label, to])).toEqual([
    ['Home', '/'],
    ['Media', '/media?provider=UNSPLASH'],
    ['Videos', '/queue'],
  ])
})

test('the editor keeps its own footer bar', () => {
  expect(showsTabBar('/customize')).toBe(false)
  expect(showsTabBar('/format')).toBe(true)
  expect(showsTabBar('/queue')).toBe(true)
  expect(showsTabBar('/customized')).toBe(true)
})
