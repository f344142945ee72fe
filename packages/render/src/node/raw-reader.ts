import type { Readable } from 'node:stream'

/**
 * Reads fixed-size records (raw video frames) from a stream. The stream is paused while a
 * whole frame waits to be taken, so at most a frame or two sit in memory. A returned buffer
 * is reused once the next one is asked for. Resolves null at the end of the stream.
 */
export function rawReader(stream: Readable, size: number): () => Promise<Buffer | null> {
  const ready: Buffer[] = []
  const spare: Buffer[] = []
  let filling: Buffer | null = null
  let filled = 0
  let ended = false
  let failure: Error | null = null
  let lent: Buffer | null = null
  let wake: (() => void) | null = null
  const notify = () => {
    wake?.()
    wake = null
  }
  stream.on('data', (chunk: Buffer) => {
    let at = 0
    while (at < chunk.length) {
      filling ??= spare.pop() ?? Buffer.allocUnsafe(size)
      const n = Math.min(size - filled, chunk.length - at)
      chunk.copy(filling, filled, at, at + n)
      filled += n
      at += n
      if (filled === size) {
        ready.push(filling)
        filling = null
        filled = 0
      }
    }
    if (ready.length > 0) {
      stream.pause()
      notify()
    }
  })
  stream.on('end', () => {
    ended = true
    notify()
  })
  stream.on('error', (e) => {
    failure = e
    notify()
  })
  return async function next() {
    if (lent) spare.push(lent)
    lent = null
    for (;;) {
      if (failure) throw failure
      const frame = ready.shift()
      if (frame) return (lent = frame)
      if (ended) return null
      await new Promise<void>((resolve) => {
        wake = resolve
        stream.resume()
      })
    }
  }
}
