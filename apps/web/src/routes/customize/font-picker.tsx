import { FONTS, resolveFont } from '@storyreel/core'
import { loadFonts } from '@storyreel/render/browser'
import { ChevronDown } from 'lucide-react'
import { useEffect } from 'react'
import { Menu, MenuRadioGroup, MenuRadioItem } from '../../components/ui/menu'

/** CSS for text in a stored font: the face the preview and the render use, Arial if missing. */
export function fontFamily(value: string): string {
  return `"${resolveFont(value)}", Arial, sans-serif`
}

/** The font table of SPEC section 3, each name shown in its own face. */
export function FontPicker({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
}) {
  // The same files the render uses; loaded once for the app (the preview asks for them too).
  useEffect(() => {
    loadFonts().catch(() => undefined)
  }, [])
  const current = resolveFont(value)
  const shown = FONTS.find((font) => font.value === current)!
  return (
    <div className="font-picker control-row">
      <span className="control-label" aria-hidden="true">
        {label}
      </span>
      <Menu
        label={label}
        align="end"
        className="font-picker__menu"
        trigger={
          <button
            type="button"
            className="font-picker__trigger"
            aria-label={`${label}: ${shown.label}`}
            disabled={disabled}
          >
            <span style={{ fontFamily: fontFamily(current) }}>{shown.label}</span>
            <ChevronDown size={16} aria-hidden="true" />
          </button>
        }
      >
        <MenuRadioGroup value={current} onChange={onChange}>
          {FONTS.map((font) => (
            <MenuRadioItem
              key={font.value}
              value={font.value}
              style={{ fontFamily: fontFamily(font.value), fontSize: 17 }}
            >
              {font.label}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </Menu>
    </div>
  )
}
