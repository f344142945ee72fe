import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, PLANS, TIMINGS } from '@storyreel/core'
import { BrandMark, BrandName } from '../components/brand'
import './legal.css'

/**
 * The terms and the privacy policy, linked from sign-up. Open pages: a visitor reads them before
 * having an account. They describe what the product really does with people's data.
 */
function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="legal">
      <header className="legal__header">
        <Link to="/signin" aria-label="Storyreel home">
          <BrandMark />
          <BrandName />
        </Link>
      </header>
      <article className="legal__card">
        <h1>{title}</h1>
        {children}
      </article>
    </main>
  )
}

export function Terms() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        Storyreel turns the pictures and clips you add into short videos. By creating an account you
        agree to these terms.
      </p>
      <h2>Your content</h2>
      <p>
        You keep every right to what you upload and to the videos you make. You give us only the
        permission we need to store, analyse and render your media into your videos. Upload only
        what you have the right to use.
      </p>
      <h2>Plans and limits</h2>
      <p>
        The Free plan includes {PLANS.FREE.monthlyVideoLimit} videos a month, Starter{' '}
        {PLANS.STARTER.monthlyVideoLimit} and Pro {PLANS.PRO.monthlyVideoLimit}. A video counts when
        you ask for it to be rendered; a render that fails on our side does not count.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Do not use Storyreel for illegal content, to harm others, or to overload the service. We may
        suspend accounts that do.
      </p>
      <h2>Deleting</h2>
      <p>
        You can delete any upload and any video at any time; deleted files are removed from our
        storage at once.
      </p>
    </LegalPage>
  )
}

export function Privacy() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What we keep</h2>
      <ul>
        <li>Your name and e-mail address, to sign you in.</li>
        <li>The files you upload and the videos you render, until you delete them.</li>
        <li>Your plan and how many videos you rendered this month, to apply its limit.</li>
      </ul>
      <h2>Sign-in codes</h2>
      <p>
        We e-mail you a 6-digit code to sign in. We store only a keyed hash of it; it expires after{' '}
        {CODE_TTL_MS / 60_000} minutes and stops working after {CODE_MAX_ATTEMPTS} wrong tries.
      </p>
      <h2>In your browser</h2>
      <p>
        A session cookie keeps you signed in. Your name and plan are kept in the browser for{' '}
        {TIMINGS.userDataTtlMs / 3_600_000} hour at a time, and the story you are editing until you
        start a new one or log out.
      </p>
      <h2>Analysis</h2>
      <p>
        To compose your video we analyse your pictures (size, colours, brightness, where the detail
        is) on our own servers. Nothing is sold or shared for advertising.
      </p>
    </LegalPage>
  )
}
