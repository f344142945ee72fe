import { z } from 'zod'

/**
 * Narration voices of the Voice menu (SPEC section 2: one male default, five more, plus Off).
 * The spec leaves the names out; these are the offline engine's voices that ARCHITECTURE.md
 * measured as the most intelligible, named for people.
 */
export const VOICES = [
  { id: 'bdl', name: 'Ben', gender: 'male' },
  { id: 'clb', name: 'Clara', gender: 'female' },
  { id: 'slt', name: 'Sally', gender: 'female' },
  { id: 'alan', name: 'Alan', gender: 'male' },
  { id: 'rms', name: 'Ryan', gender: 'male' },
  { id: 'kal16', name: 'Kal', gender: 'male' },
] as const

export type VoiceId = (typeof VOICES)[number]['id']

export const VOICE_IDS = VOICES.map((v) => v.id) as [VoiceId, ...VoiceId[]]

export const VoiceIdSchema = z.enum(VOICE_IDS)

export const DEFAULT_VOICE: VoiceId = 'bdl'
