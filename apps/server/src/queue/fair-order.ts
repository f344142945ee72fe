import type { Db } from '../db/client'
import { queueRounds } from './pg-boss-tables'

/**
 * The renders that wait or run, as rounds: pg-boss hands out the job of highest priority first
 * (the oldest within one), and a render's priority is minus its round. `lowest` is the round
 * the queue is serving now, `usersLast` the user's own latest, both null when there is none.
 */
export interface QueueRounds {
  lowest: number | null
  usersLast: number | null
}

/**
 * The round of a user's new render: one after their latest waiting or running render, and never
 * before the round being served. Each user's first render waits in the current round, their
 * second in the next, and so on: users take turns, so nobody waits behind another user's whole
 * batch, and a batch still moves on as the rounds before it empty.
 */
export function fairRound(rounds: QueueRounds): number {
  return Math.max(rounds.lowest ?? 0, rounds.usersLast === null ? 0 : rounds.usersLast + 1)
}

/**
 * The pg-boss priority of a new render of this user, from the jobs on `queues` now: one order
 * across them, so that a slot taking from several serves users in turn (../queue/render-slots.ts).
 */
export async function fairPriority(db: Db, queues: string[], userId: string): Promise<number> {
  return -fairRound(await queueRounds(db, queues, userId))
}
