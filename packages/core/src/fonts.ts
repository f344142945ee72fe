/** The font table of SPEC section 3: label shown in the editor, value stored in the effect. */
export const FONTS = [
  { label: 'Arial', value: 'Arial' },
  { label: 'Times New Roman', value: 'Times-Roman' },
  { label: 'Helvetica', value: 'Helvetica' },
  { label: 'Courier', value: 'Courier' },
  { label: 'Georgia', value: 'Georgia' },
  { label: 'Verdana', value: 'Verdana' },
  { label: 'Impact', value: 'Impact' },
  { label: 'Comic Sans MS', value: 'Comic-Sans-MS' },
  { label: 'Trebuchet MS', value: 'Trebuchet-MS' },
  { label: 'Palatino', value: 'Palatino' },
  { label: 'Garamond', value: 'Garamond' },
  { label: 'Bookman', value: 'Bookman' },
  { label: 'Avant Garde', value: 'Avant-Garde' },
] as const

export type FontValue = (typeof FONTS)[number]['value']

export const DEFAULT_FONT: FontValue = 'Arial'

const FONT_VALUES = new Set<string>(FONTS.map((f) => f.value))

/** Unknown fonts fall back to Arial (SPEC section 3). */
export function resolveFont(value: string | null | undefined): FontValue {
  return value && FONT_VALUES.has(value) ? (value as FontValue) : DEFAULT_FONT
}
