import { transitionDescriptor, type TransitionIconName, type TransitionType } from '@storyreel/core'
import { Blend, Moon, MoveLeft, Scissors, SquareSplitHorizontal } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'

/** Each icon a transition type may name (core's fixed set), drawn by lucide. */
const ICONS: Record<TransitionIconName, LucideIcon> = {
  blend: Blend,
  moon: Moon,
  'move-left': MoveLeft,
  'square-split-horizontal': SquareSplitHorizontal,
  scissors: Scissors,
}

/** The icon of a transition type in the picker and between the strip's thumbnails. */
export function TransitionIcon({ type, size = 18 }: { type: TransitionType; size?: number }) {
  const Icon = ICONS[transitionDescriptor(type).icon]
  return <Icon size={size} aria-hidden="true" />
}
