import { BrandMark } from './brand'
import { Spinner } from './ui/spinner'
import './app.css'

/** Covers the page during a long call (analysing, composing), with what is going on. */
export function LoadingOverlay({ text, detail }: { text: string; detail?: string }) {
  return (
    <div className="loading-overlay" aria-busy="true">
      <div className="loading-overlay__card" role="status" aria-live="polite">
        <div className="loading-overlay__mark">
          <BrandMark size={52} />
          <Spinner size={76} className="loading-overlay__ring" />
        </div>
        <p className="loading-overlay__text">{text}</p>
        {detail ? <p className="loading-overlay__detail">{detail}</p> : null}
      </div>
    </div>
  )
}
