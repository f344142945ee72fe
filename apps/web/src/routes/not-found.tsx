import { Compass } from 'lucide-react'
import { Link } from 'react-router'
import { FullPageMessage } from '../components/full-page'
import { buttonClass } from '../components/ui/button'

export function NotFound() {
  return (
    <FullPageMessage
      icon={<Compass size={48} strokeWidth={1.5} aria-hidden="true" />}
      title="Page not found"
      text="There is no page at this address. Check the link, or start a new video."
      action={
        <Link to="/format" className={buttonClass('primary', 'lg')}>
          Make a video
        </Link>
      }
    />
  )
}
