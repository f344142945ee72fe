import { expect, it } from 'vitest'
import { FairQueue } from './fair-queue'

/** Starts what may start now: the `owner:item` of each. */
function startAll(queue: FairQueue<string>) {
  const started: string[] = []
  for (let turn = queue.next(); turn; turn = queue.next())
    started.push(`${turn.owner}:${turn.item}`)
  return started
}

it('runs one item per owner, and no more than the slots', () => {
  const queue = new FairQueue<string>(2)
  for (const item of ['a1', 'a2', 'a3']) queue.push('a', item)
  expect(startAll(queue)).toEqual(['a:a1'])
  queue.push('b', 'b1')
  queue.push('c', 'c1')
  expect(startAll(queue)).toEqual(['b:b1'])
  queue.done('a')
  // c has never had a turn: it goes before a's second item.
  expect(startAll(queue)).toEqual(['c:c1'])
  queue.done('b')
  queue.done('c')
  expect(startAll(queue)).toEqual(['a:a2'])
})

it("serves a newcomer at the next free slot, whatever the others' backlogs", () => {
  const queue = new FairQueue<string>(2)
  for (const owner of ['f1', 'f2', 'f3', 'f4']) {
    for (let i = 1; i <= 25; i++) queue.push(owner, `${owner}-${i}`)
  }
  expect(startAll(queue)).toEqual(['f1:f1-1', 'f2:f2-1'])
  queue.done('f1')
  queue.done('f2')
  expect(startAll(queue)).toEqual(['f3:f3-1', 'f4:f4-1'])
  // Every flooder has had a turn; the bystander comes with one preview.
  queue.push('bystander', 'preview')
  queue.done('f3')
  expect(startAll(queue)).toEqual(['bystander:preview'])
  queue.done('f4')
  expect(startAll(queue)).toEqual(['f1:f1-2'])
})

it('gives busy owners their turns in rotation', () => {
  const queue = new FairQueue<string>(1)
  for (const owner of ['a', 'b', 'c']) {
    for (let i = 1; i <= 3; i++) queue.push(owner, String(i))
  }
  const order: string[] = []
  for (let turn = queue.next(); turn; turn = queue.next()) {
    order.push(`${turn.owner}${turn.item}`)
    queue.done(turn.owner)
  }
  expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3'])
})

it('lets a waiting item leave, and forgets owners with nothing left', () => {
  const queue = new FairQueue<string>(1)
  queue.push('a', 'a1')
  queue.push('a', 'a2')
  queue.push('b', 'b1')
  expect(startAll(queue)).toEqual(['a:a1'])
  expect(queue.remove('b', 'b1')).toBe(true)
  expect(queue.remove('b', 'b1')).toBe(false)
  // A running item is not waiting: it cannot leave.
  expect(queue.remove('a', 'a1')).toBe(false)
  queue.done('a')
  expect(startAll(queue)).toEqual(['a:a2'])
  queue.done('a')
  expect(startAll(queue)).toEqual([])
  expect(() => queue.done('a')).toThrow('a has nothing running')
})
