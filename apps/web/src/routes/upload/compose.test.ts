import { describe, expect, it } from 'vitest'
import { batchBySize } from './compose'

const item = (name: string, size: number) => ({ file: new File([new Uint8Array(size)], name) })

describe('batchBySize', () => {
  it('keeps the order and fills each batch up to the limit', () => {
    const items = [item('a', 40), item('b', 40), item('c', 30), item('d', 90)]
    const names = batchBySize(items, 100).map((b) => b.map((i) => i.file.name))
    expect(names).toEqual([['a', 'b'], ['c'], ['d']])
  })

  it('sends a file larger than the limit alone, for the server to refuse', () => {
    expect(batchBySize([item('big', 150), item('s', 1)], 100)).toHaveLength(2)
  })

  it('makes no batch for no files', () => {
    expect(batchBySize([], 100)).toEqual([])
  })
})
