import { useState } from 'react'
import './app.css'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?'
}

/** The user's picture, or their initials on the brand gradient. */
export function Avatar({
  name,
  picture,
  size = 36,
}: {
  name: string
  picture: string | null
  size?: number
}) {
  const [broken, setBroken] = useState(false)
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.4 }}>
      {picture && !broken ? (
        <img src={picture} alt="" onError={() => setBroken(true)} referrerPolicy="no-referrer" />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  )
}
