import { useId } from 'react'
import './app.css'

/** The logo mark: a play frame on the brand gradient. */
export function BrandMark({ size = 32 }: { size?: number }) {
  // Each copy needs its own gradient id: a hidden copy's gradient would not paint the others.
  const gradient = `brand-mark-${useId()}`
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d28d9" />
          <stop offset="0.55" stopColor="#db2777" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="17" fill={`url(#${gradient})`} />
      <rect x="14" y="18" width="36" height="28" rx="7" fill="none" stroke="#fff" strokeWidth="4" />
      <path d="M28 25.5v13l11-6.5z" fill="#fff" />
    </svg>
  )
}

export function BrandName() {
  return <span className="brand-name">Storyreel</span>
}
