import { expect, it } from 'vitest'
import { renderCost, type Composition } from '@storyreel/core'
import { renderQueueOf, renderVideoQueue, shortRenderQueue } from './render-queues'

/** One slide of `seconds` at this size, without effects. */
const movie = (width: number, height: number, seconds: number): Composition => ({
  movieParams: { width, height, voice: null },
  composition: [{ id: 'a', filename: 'a.png', duration: seconds, effects: [] }],
})

it('queues a render as short up to the bound of its estimated cost, as long past it', () => {
  const small = movie(160, 160, 1)
  const large = movie(1080, 1920, 30)
  expect(renderQueueOf(small, 60)).toBe(shortRenderQueue.name)
  expect(renderQueueOf(large, 60)).toBe(renderVideoQueue.name)
  // The bound itself is short; a bound of 0 makes every render long.
  expect(renderQueueOf(large, renderCost(large))).toBe(shortRenderQueue.name)
  expect(renderQueueOf(small, 0)).toBe(renderVideoQueue.name)
})
