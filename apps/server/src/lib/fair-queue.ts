/**
 * Whose work runs next when several owners (users) share a few slots: each owner runs one item
 * at a time, and a free slot goes to the waiting owner whose last turn began longest ago, an
 * owner never served counting as oldest. One owner's backlog therefore never delays another's
 * request by more than the items already running: a newcomer starts at the next free slot, and
 * busy owners take turns among themselves. Pure bookkeeping, no timers: the caller says when an
 * item starts and ends.
 */
export class FairQueue<T> {
  private readonly owners = new Map<string, { waiting: T[]; running: boolean; turn: number }>()
  private running = 0
  /** Counts turns given; an owner's `turn` is the count when its last item started. */
  private turns = 0

  constructor(private readonly slots: number) {}

  /** Queues an item behind the owner's others. */
  push(owner: string, item: T): void {
    const entry = this.owners.get(owner)
    if (entry) entry.waiting.push(item)
    else this.owners.set(owner, { waiting: [item], running: false, turn: -1 })
  }

  /** Takes a waiting item out (its caller gave up); false when it is not waiting. */
  remove(owner: string, item: T): boolean {
    const entry = this.owners.get(owner)
    const at = entry?.waiting.indexOf(item) ?? -1
    if (at < 0) return false
    entry!.waiting.splice(at, 1)
    this.forgetIdle(owner)
    return true
  }

  /**
   * The next item to start, its owner now running, or null when every slot is busy or no owner
   * that is not running has anything waiting.
   */
  next(): { owner: string; item: T } | null {
    if (this.running >= this.slots) return null
    let chosen: string | null = null
    let oldest = Infinity
    for (const [owner, entry] of this.owners) {
      // Map order is arrival order, so owners never served go in the order they came.
      if (!entry.running && entry.waiting.length > 0 && entry.turn < oldest) {
        chosen = owner
        oldest = entry.turn
      }
    }
    if (chosen === null) return null
    const entry = this.owners.get(chosen)!
    entry.running = true
    entry.turn = this.turns++
    this.running++
    return { owner: chosen, item: entry.waiting.shift()! }
  }

  /** The owner's running item ended: its slot is free. */
  done(owner: string): void {
    const entry = this.owners.get(owner)
    if (!entry?.running) throw new Error(`${owner} has nothing running`)
    entry.running = false
    this.running--
    this.forgetIdle(owner)
  }

  /**
   * An owner with nothing waiting or running is forgotten, so the map holds only active owners;
   * they come back as newcomers, which is what an owner asking one thing at a time is.
   */
  private forgetIdle(owner: string) {
    const entry = this.owners.get(owner)
    if (entry && !entry.running && entry.waiting.length === 0) this.owners.delete(owner)
  }
}
