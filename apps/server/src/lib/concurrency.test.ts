import { expect, it } from 'vitest'
import { concurrencyLimit, fairLimit } from './concurrency'

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

it('runs one task per owner at a time, owners taking turns, and lets a waiter go', async () => {
  const limit = fairLimit(2)
  const order: string[] = []
  let running = 0
  let most = 0
  const perOwner = new Map<string, number>()
  const task = (owner: string, n: number) => async () => {
    running++
    most = Math.max(most, running)
    perOwner.set(owner, (perOwner.get(owner) ?? 0) + 1)
    expect(perOwner.get(owner)).toBe(1)
    await new Promise((r) => setTimeout(r, 10))
    perOwner.set(owner, perOwner.get(owner)! - 1)
    running--
    order.push(`${owner}${n}`)
  }
  const flood = ['a', 'b', 'c'].flatMap((owner) =>
    [1, 2, 3].map((n) => limit(owner, task(owner, n))),
  )
  const gone = new AbortController()
  const leaving = limit('a', task('a', 9), gone.signal)
  const newcomer = limit('d', task('d', 1))
  gone.abort(new Error('left'))
  await expect(leaving).rejects.toThrow('left')
  await Promise.all([...flood, newcomer])
  expect(most).toBe(2)
  // Owners take turns: d's one task comes before anybody's second.
  expect(order.slice(0, 4).sort()).toEqual(['a1', 'b1', 'c1', 'd1'])
  expect(order).not.toContain('a9')
})
