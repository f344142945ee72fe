import type { Layer, Media } from './types'

/** Each media's layers by use and size: made once, dropped with the media (one slide). */
const layers = new WeakMap<Media, Map<string, Layer>>()

/** The media's layer for this use and size; the media must have `makeLayer`. */
export function layerOf(media: Media, use: string, width: number, height: number): Layer {
  let own = layers.get(media)
  if (!own) layers.set(media, (own = new Map()))
  const id = `${use} ${width}x${height}`
  let layer = own.get(id)
  if (!layer) own.set(id, (layer = media.makeLayer!(width, height)))
  return layer
}
