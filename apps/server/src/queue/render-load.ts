/**
 * How many renders this process is drawing right now: a worker takes a range of a split render
 * only while it has a render slot free, so that a range never waits behind a whole render on the
 * same cores. A split render's coordinator, which only waits for its ranges, draws nothing.
 */
let drawing = 0

export const rendersDrawing = () => drawing

export async function whileDrawing<T>(render: () => Promise<T>): Promise<T> {
  drawing++
  try {
    return await render()
  } finally {
    drawing--
  }
}
