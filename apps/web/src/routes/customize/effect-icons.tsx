import type { EffectName } from '@storyreel/core'
import {
  Aperture,
  Captions,
  Droplets,
  MoveHorizontal,
  SunDim,
  Type,
  Waves,
  ZoomIn,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'

/** The icon of each effect in the slide's effect bar and the Add effect menu. */
export const EFFECT_ICONS: Record<EffectName, LucideIcon> = {
  zoom: ZoomIn,
  blur: Droplets,
  fade: SunDim,
  vignette: Aperture,
  distort: Waves,
  animated_text: Type,
  stream_text: Captions,
  pan: MoveHorizontal,
}

export function EffectIcon({ name, size = 20 }: { name: EffectName; size?: number }) {
  const Icon = EFFECT_ICONS[name]
  return <Icon size={size} aria-hidden="true" />
}
