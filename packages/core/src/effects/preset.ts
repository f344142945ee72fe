/** A named set of params offered in an effect's preset menu. */
export interface Preset<P> {
  name: string
  params: Partial<P>
}

/** Shown in the preset menu when an effect came from the AI composer (SPEC section 3). */
export const AI_GENERATED_PRESET_NAME = 'AI Generated'
