import type { ReactNode } from 'react'
import './app.css'

export function PageHeader({
  title,
  subtitle,
  aside,
}: {
  title: ReactNode
  subtitle?: ReactNode
  aside?: ReactNode
}) {
  return (
    <div className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {aside ? <div className="page-header__aside">{aside}</div> : null}
    </div>
  )
}
