import { Navigate } from 'react-router'
import { BrandMark, BrandName } from '../components/brand'
import { getUserData } from '../lib/user-data'
import { CodeForm } from './signin-code-form'
import { DetailsForm } from './signin-details-form'
import { SignInHero } from './signin-hero'
import { Mode, useGoogleSignIn, useSignIn } from './use-sign-in'
import './signin.css'

export function Component() {
  const signIn = useSignIn()
  const googleHref = useGoogleSignIn(signIn.plan)
  if (getUserData()) return <Navigate to="/format" replace />

  const { registering, codeMode } = signIn
  return (
    <div className="signin">
      <title>{`${codeMode ? 'Check your email' : registering ? 'Sign Up' : 'Sign In'} · Storyreel`}</title>
      <SignInHero />
      <main className="signin__main">
        <div className="signin__top">
          <div className="signin__brand">
            <BrandMark size={40} />
            <BrandName />
          </div>
          <p className="signin__tagline">Your photos and clips, told as a story.</p>
        </div>
        <div className="signin__panel">
          {codeMode ? (
            <CodeForm
              email={signIn.details.email.trim()}
              code={signIn.code}
              registering={signIn.mode === Mode.registerCode}
              verifying={signIn.verifying}
              sending={signIn.sending}
              onTypeCode={signIn.typeCode}
              onSubmit={signIn.submitCode}
              onResend={signIn.resendCode}
              onChangeEmail={signIn.changeEmail}
            />
          ) : (
            <DetailsForm
              registering={registering}
              details={signIn.details}
              canSend={signIn.canSend}
              sending={signIn.sending}
              googleHref={googleHref}
              onChange={signIn.changeDetails}
              onSubmit={signIn.requestCode}
              onSwitchMode={signIn.switchMode}
            />
          )}
        </div>
      </main>
    </div>
  )
}
