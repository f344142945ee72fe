import { Clapperboard, Mic, Wand2 } from 'lucide-react'
import { BrandMark } from '../components/brand'

/** The wide screen's picture beside the forms: what Storyreel does, for the eye only. */
export function SignInHero() {
  return (
    <aside className="signin__hero" aria-hidden="true">
      <div className="signin__hero-inner">
        <div className="signin__hero-brand">
          <BrandMark size={40} />
          <span>Storyreel</span>
        </div>
        <h2 className="signin__hero-title">Your photos and clips, told as a story.</h2>
        <ul className="signin__hero-points">
          <li>
            <Clapperboard size={20} />
            Pick a format for any platform
          </li>
          <li>
            <Wand2 size={20} />
            We compose slides and effects for you
          </li>
          <li>
            <Mic size={20} />
            Add a narrator and render in minutes
          </li>
        </ul>
        <div className="signin__reel">
          <span className="signin__reel-card signin__reel-card--a" />
          <span className="signin__reel-card signin__reel-card--b" />
          <span className="signin__reel-card signin__reel-card--c" />
        </div>
      </div>
    </aside>
  )
}
