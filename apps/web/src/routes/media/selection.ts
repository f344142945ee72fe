/**
 * The chosen items in the order they were chosen, which is the order they join the video in.
 * Items are told apart by name: a stock item's (`unsplash-<id>.jpg`), an upload's random one, a
 * generated image's path.
 */
export type Selection<T extends { name: string }> = readonly T[]

export function isSelected<T extends { name: string }>(selection: Selection<T>, name: string) {
  return selection.some((item) => item.name === name)
}

/** Chooses an item, or unchooses it when it is chosen already. */
export function toggle<T extends { name: string }>(selection: Selection<T>, item: T): Selection<T> {
  return isSelected(selection, item.name)
    ? selection.filter((chosen) => chosen.name !== item.name)
    : [...selection, item]
}

/** Drops an item that is gone (deleted from the library). */
export function without<T extends { name: string }>(
  selection: Selection<T>,
  name: string,
): Selection<T> {
  return isSelected(selection, name) ? selection.filter((item) => item.name !== name) : selection
}

/** A chosen item's place in the selection, from 1; 0 when it is not chosen. */
export function positionOf<T extends { name: string }>(selection: Selection<T>, name: string) {
  return selection.findIndex((item) => item.name === name) + 1
}
