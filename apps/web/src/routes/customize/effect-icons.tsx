import { effectDescriptor, type EffectIconName, type EffectName } from '@storyreel/core'
import {
  Aperture,
  Captions,
  Contrast,
  Droplets,
  Film,
  MoveHorizontal,
  Palette,
  Sparkles,
  SunDim,
  Type,
  Waves,
  ZoomIn,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'

/** Each icon an effect's descriptor may name (core's fixed set), drawn by lucide. */
const ICONS: Record<EffectIconName, LucideIcon> = {
  aperture: Aperture,
  captions: Captions,
  contrast: Contrast,
  droplets: Droplets,
  film: Film,
  'move-horizontal': MoveHorizontal,
  palette: Palette,
  sparkles: Sparkles,
  'sun-dim': SunDim,
  type: Type,
  waves: Waves,
  'zoom-in': ZoomIn,
}

/** The icon of an effect in the slide's effect bar and the Add effect menu: its descriptor's. */
export function EffectIcon({ name, size = 20 }: { name: EffectName; size?: number }) {
  const Icon = ICONS[effectDescriptor(name).icon]
  return <Icon size={size} aria-hidden="true" />
}
