import { expect, it } from 'vitest'
import { concurrencyLimit } from './concurrency'

it('runs at most the limit at once, the rest in order, and lets an aborted waiter go', async () => {
  const limit = concurrencyLimit(2)
  let running = 0
  let most = 0
  const order: number[] = []
  const task = (n: number) => async () => {
    running++
    most = Math.max(most, running)
    await new Promise((r) => setTimeout(r, 20))
    running--
    order.push(n)
    return n
  }
  const gone = new AbortController()
  const tasks = [
    limit(task(1)),
    limit(task(2)),
    limit(task(3), gone.signal),
    limit(task(4)),
    limit(task(5)),
  ]
  gone.abort(new Error('left'))
  await expect(tasks[2]).rejects.toThrow('left')
  expect(await Promise.all([tasks[0], tasks[1], tasks[3], tasks[4]])).toEqual([1, 2, 4, 5])
  expect(most).toBe(2)
  expect(order).toEqual([1, 2, 4, 5])
})
