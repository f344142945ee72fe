import { UI_TEXT } from '@storyreel/core'
import { Clapperboard, Plus, RotateCcw, Sparkles, TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { Button, buttonClass } from '../../components/ui/button'
import { toast } from '../../components/ui/toast'
import { useLimitReached } from '../../lib/session'
import { useUserData } from '../../lib/user-data'
import { NewVideoCard } from './new-video-card'
import { PlayerDialog } from './player-dialog'
import type { PlayingVideo } from './player-dialog'
import { useUserTasks } from './queries'
import { VideoCard } from './video-card'
import { VideoGridSkeleton } from './video-grid-skeleton'
import './queue.css'

/** Shown before the first video: what the page is for, and the way to make one. */
function NoVideos({ limitReached }: { limitReached: boolean }) {
  return (
    <section className="videos-state">
      <span className="videos-state__icon" aria-hidden="true">
        <Clapperboard size={32} />
      </span>
      <h2 className="videos-state__title">No videos yet</h2>
      <p className="videos-state__text">
        {limitReached
          ? 'You have used this month’s videos. Upgrade your plan to make more right away.'
          : 'Turn your photos and clips into a short video. Your videos show up here, ready to watch, download and share.'}
      </p>
      {limitReached ? (
        <Link to="/plan" className={buttonClass('primary', 'lg')}>
          <Sparkles size={18} aria-hidden="true" />
          Upgrade Plan
        </Link>
      ) : (
        <Link to="/format" className={buttonClass('primary', 'lg')}>
          <Plus size={20} aria-hidden="true" />
          New Video
        </Link>
      )}
    </section>
  )
}

/** /queue: the user's videos (SPEC section 2). */
export function Component() {
  const tasks = useUserTasks()
  const limitReached = useLimitReached()
  const plan = useUserData()?.subscription.type ?? 'FREE'
  const [playing, setPlaying] = useState<PlayingVideo | null>(null)

  // Every failed load says so; the list already shown stays, and polling goes on.
  const { errorUpdateCount } = tasks
  useEffect(() => {
    if (errorUpdateCount > 0) toast.error(UI_TEXT.failedFetchTasks)
  }, [errorUpdateCount])

  return (
    <>
      <title>Your videos · Storyreel</title>
      <PageHeader title="Your videos" subtitle="Watch, download and manage the videos you made." />

      {tasks.data ? (
        tasks.data.length === 0 ? (
          <NoVideos limitReached={limitReached} />
        ) : (
          <ul className="video-grid" aria-label="Your videos">
            <li>
              <NewVideoCard limitReached={limitReached} plan={plan} />
            </li>
            {tasks.data.map((task) => (
              <li key={task.id}>
                <VideoCard task={task} onPlay={setPlaying} />
              </li>
            ))}
          </ul>
        )
      ) : tasks.isError ? (
        <section className="videos-state" role="alert">
          <span className="videos-state__icon videos-state__icon--error" aria-hidden="true">
            <TriangleAlert size={30} />
          </span>
          <h2 className="videos-state__title">{UI_TEXT.failedFetchTasks}</h2>
          <p className="videos-state__text">Check your connection and try again.</p>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => void tasks.refetch()}
            loading={tasks.isFetching}
            icon={<RotateCcw size={18} aria-hidden="true" />}
          >
            Try again
          </Button>
        </section>
      ) : (
        <VideoGridSkeleton />
      )}

      {playing ? <PlayerDialog video={playing} onClose={() => setPlaying(null)} /> : null}
    </>
  )
}
