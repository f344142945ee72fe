import { describe, expect, it } from 'vitest'
import { fairRound } from './fair-order'

describe('fairRound', () => {
  it('puts a render into the round being served when the queue is empty or the user has none', () => {
    expect(fairRound({ lowest: null, usersLast: null })).toBe(0)
    expect(fairRound({ lowest: 3, usersLast: null })).toBe(3)
  })

  it("puts a user's next render one round after their latest", () => {
    expect(fairRound({ lowest: 0, usersLast: 0 })).toBe(1)
    expect(fairRound({ lowest: 2, usersLast: 5 })).toBe(6)
  })

  it('never puts a render before the round being served', () => {
    expect(fairRound({ lowest: 4, usersLast: 1 })).toBe(4)
  })

  it('serves a batch and a late single render in turns', () => {
    // Four renders of one user, then one of another, all in an empty queue.
    const jobs: { user: string; round: number }[] = []
    const add = (user: string) => {
      const rounds = jobs.map((j) => j.round)
      const own = jobs.filter((j) => j.user === user).map((j) => j.round)
      const round = fairRound({
        lowest: rounds.length ? Math.min(...rounds) : null,
        usersLast: own.length ? Math.max(...own) : null,
      })
      jobs.push({ user, round })
    }
    for (const user of ['a', 'a', 'a', 'a', 'b']) add(user)
    // pg-boss: highest priority (lowest round) first, the oldest first within a round.
    const order = jobs
      .map((j, i) => ({ ...j, i }))
      .sort((x, y) => x.round - y.round || x.i - y.i)
      .map((j) => j.user)
    expect(order).toEqual(['a', 'b', 'a', 'a', 'a'])
  })
})
