import { Images, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * AI images on /generate, one of the upload step's other sources (SPEC section 2). PRO only: a
 * lower plan is sent on to /plan from there, saying why.
 */
export function GenerateLink() {
  return (
    <SourceLink
      to="/generate"
      icon={<Sparkles size={22} />}
      title="Generate with AI"
      badges={
        <>
          <span className="source-card__badge">Beta</span>
          <span className="source-card__badge source-card__badge--pro">PRO PLAN</span>
        </>
      }
      hint="Describe a picture and we make it"
    />
  )
}

/** The user's library and the stock providers on /media (SPEC section 2). */
export function MediaLink() {
  return (
    <SourceLink
      to="/media"
      icon={<Images size={22} />}
      title="Stock and Your Media"
      hint="Free stock photos and clips, or your uploads"
    />
  )
}

function SourceLink(props: {
  to: string
  icon: ReactNode
  title: string
  badges?: ReactNode
  hint: string
}) {
  return (
    <Link to={props.to} className="source-card">
      <span className="source-card__icon" aria-hidden="true">
        {props.icon}
      </span>
      <span className="source-card__text">
        <span className="source-card__title">
          {props.title} {props.badges}
        </span>
        <span className="source-card__hint">{props.hint}</span>
      </span>
    </Link>
  )
}
