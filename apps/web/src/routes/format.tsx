import { RATIOS, RatioSchema } from '@storyreel/core'
import type { Ratio } from '@storyreel/core'
import { Gauge, Play } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { LimitReachedDialog } from '../components/limit-reached-dialog'
import { PageHeader } from '../components/page-header'
import { Timeline } from '../components/timeline'
import { useLimitReached } from '../lib/session'
import { useStory } from '../lib/store'
import { useUserData } from '../lib/user-data'
import './format.css'

const ORDER: Ratio[] = RatioSchema.options

export function Component() {
  const navigate = useNavigate()
  const chooseRatio = useStory((state) => state.chooseRatio)
  const user = useUserData()
  const limitReached = useLimitReached()
  const [limitDialog, setLimitDialog] = useState(true)

  function choose(ratio: Ratio) {
    chooseRatio(ratio)
    void navigate('/upload?fromFormat=true')
  }

  return (
    <>
      <title>Choose a format · Storyreel</title>
      <Timeline current="format" />
      <PageHeader
        title="Choose a format"
        subtitle="Where will your video be watched? Pick a shape, then add your photos and clips."
      />
      {limitReached ? (
        <>
          <LimitReachedDialog user={user} open={limitDialog} onOpenChange={setLimitDialog} />
          <p className="formats-limit" role="status">
            <Gauge size={20} aria-hidden="true" />
            <span>
              You have used this month’s videos, so a new one can’t be started.{' '}
              <Link to="/plan">Upgrade your plan</Link> or <Link to="/queue">see your videos</Link>.
            </span>
          </p>
        </>
      ) : null}
      <ul className="formats" aria-label="Formats">
        {ORDER.map((ratio) => {
          const { label, description, width, height } = RATIOS[ratio]
          return (
            <li key={ratio}>
              <button
                type="button"
                className={`format-card format-card--${ratio.replace(':', 'x')}`}
                disabled={limitReached}
                onClick={() => choose(ratio)}
              >
                <span className="format-card__stage" aria-hidden="true">
                  <span
                    className="format-card__frame"
                    style={{ aspectRatio: `${width} / ${height}` }}
                  >
                    <Play size={22} fill="currentColor" />
                  </span>
                </span>
                <span className="format-card__text">
                  <span className="format-card__label">{label}</span>
                  <span className="format-card__description">{description}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}
