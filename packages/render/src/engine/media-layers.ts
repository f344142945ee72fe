import type { Ctx, Layer, MakeLayer, Media } from './types'

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

/** Each frame's layers by use and size: made once per drawing surface, kept while it lives. */
const frameLayers = new WeakMap<Ctx, Map<string, Layer>>()

/** A layer beside the frame `ctx` draws, for this use and size (a transition's slides). */
export function frameLayerOf(
  ctx: Ctx,
  make: MakeLayer,
  use: string,
  width: number,
  height: number,
): Layer {
  let own = frameLayers.get(ctx)
  if (!own) frameLayers.set(ctx, (own = new Map()))
  const id = `${use} ${width}x${height}`
  let layer = own.get(id)
  if (!layer) own.set(id, (layer = make(width, height)))
  return layer
}
