import './ui.css'

/** A decorative spinner; say what is loading in nearby text or aria-busy. */
export function Spinner({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <span
      className={['spinner', className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  )
}
