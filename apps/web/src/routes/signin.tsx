import { Capacitor } from '@capacitor/core'
import { CODE_LENGTH, GOOGLE_SIGN_IN, UI_TEXT, authApi, endpointUrl } from '@storyreel/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Clapperboard, Mail, Mic, Sparkles, Wand2 } from 'lucide-react'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { BrandMark, BrandName } from '../components/brand'
import { GoogleButton } from '../components/google-button'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { toast } from '../components/ui/toast'
import { apiUrl } from '../config'
import { callApi, errorText, resetCsrfToken } from '../lib/api'
import { sessionKey } from '../lib/session'
import { getUserData } from '../lib/user-data'
import './signin.css'

/** The sign-in modes of SPEC section 4. */
const Mode = { signUp: 0, signIn: 1, loginCode: 2, registerCode: 3 } as const
type Mode = (typeof Mode)[keyof typeof Mode]

const PAID_PLANS = ['STARTER', 'PRO'] as const

/** Goes to the link the server answered: a path of this app, or another address. */
function useFollowLink() {
  const navigate = useNavigate()
  return (link: string) => {
    const url = new URL(link, window.location.origin)
    if (url.origin === window.location.origin) {
      void navigate(url.pathname + url.search + url.hash, { replace: true })
    } else {
      window.location.assign(url.href)
    }
  }
}

export function Component() {
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>(
    params.get('source') === 'register' ? Mode.signUp : Mode.signIn,
  )
  const [name, setName] = useState('')
  const [surname, setSurname] = useState('')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const queryClient = useQueryClient()
  const followLink = useFollowLink()
  const planParam = params.get('plan')
  const plan = PAID_PLANS.find((p) => p === planParam)

  // Google sign-in shows only where the server has it configured, and not in the native app:
  // Google refuses sign-in inside an embedded WebView (disallowed_useragent).
  const native = Capacitor.isNativePlatform()
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => callApi(authApi.providers),
    staleTime: Infinity,
    enabled: !native,
  })

  const registering = mode === Mode.signUp || mode === Mode.registerCode
  const codeMode = mode === Mode.loginCode || mode === Mode.registerCode

  const sendCode = useMutation({
    mutationFn: () =>
      callApi(authApi.createToken, {
        body: { email: email.trim(), type: registering ? 'register' : 'login' },
      }),
    onError: (error) => toast.error(errorText(error, UI_TEXT.errorCreatingToken)),
  })

  const verify = useMutation({
    mutationFn: (token: string) =>
      mode === Mode.registerCode
        ? callApi(authApi.register, {
            query: { plan },
            body: { name: name.trim(), surname: surname.trim(), email: email.trim(), token },
          })
        : callApi(authApi.login, { body: { email: email.trim(), token } }),
    onSuccess: ({ link }) => {
      // A new session: its CSRF token and user differ from the old one's.
      resetCsrfToken()
      queryClient.removeQueries({ queryKey: sessionKey })
      followLink(link)
    },
    onError: (error) => toast.error(errorText(error, UI_TEXT.errorVerifyingToken)),
  })

  if (getUserData()) return <Navigate to="/format" replace />

  const detailsValid = registering
    ? name.trim() !== '' && surname.trim() !== '' && email.trim() !== ''
    : email.trim() !== ''

  function submitDetails(event: FormEvent) {
    event.preventDefault()
    if (!detailsValid || sendCode.isPending) return
    sendCode.mutate(undefined, {
      onSuccess: () => {
        setCode('')
        setMode(registering ? Mode.registerCode : Mode.loginCode)
      },
    })
  }

  function submitCode(event: FormEvent) {
    event.preventDefault()
    if (code.length !== CODE_LENGTH || verify.isPending) return
    verify.mutate(code)
  }

  /**
   * Digits only, so a pasted '583 471' or '583-471' keeps all six (no maxLength on the input: it
   * would cut the paste before the spaces are gone); the sixth digit submits.
   */
  function typeCode(value: string) {
    const next = value.replace(/\D/g, '').slice(0, CODE_LENGTH)
    setCode(next)
    if (next.length === CODE_LENGTH && code.length !== CODE_LENGTH && !verify.isPending) {
      verify.mutate(next)
    }
  }

  function resend() {
    sendCode.mutate(undefined, {
      onSuccess: () => toast.success(`We sent a new code to ${email.trim()}.`),
    })
  }

  return (
    <div className="signin">
      <title>{`${codeMode ? 'Check your email' : registering ? 'Sign Up' : 'Sign In'} · Storyreel`}</title>
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
            <form className="signin__form" onSubmit={submitCode} noValidate>
              <div className="signin__badge">
                <Mail size={26} aria-hidden="true" />
              </div>
              <h1 className="signin__title">Check your email</h1>
              <p className="signin__subtitle">
                Enter the {CODE_LENGTH}-digit code we sent to
                <strong className="signin__email">{email.trim()}</strong>
              </p>
              <div className="field">
                <label htmlFor="signin-code" className="field__label">
                  Verification code
                </label>
                <input
                  id="signin-code"
                  className="field__input signin__code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  placeholder={'•'.repeat(CODE_LENGTH)}
                  value={code}
                  onChange={(event) => typeCode(event.target.value)}
                  autoFocus
                />
              </div>
              <Button
                type="submit"
                size="lg"
                block
                disabled={code.length !== CODE_LENGTH}
                loading={verify.isPending}
              >
                Verify
              </Button>
              <div className="signin__row">
                <span>Didn&apos;t get it?</span>
                <button
                  type="button"
                  className="link-button"
                  onClick={resend}
                  disabled={sendCode.isPending}
                >
                  {sendCode.isPending ? 'Sending…' : 'Resend'}
                </button>
              </div>
              <button
                type="button"
                className="signin__back"
                onClick={() => {
                  setCode('')
                  setMode(Mode.signIn)
                }}
              >
                <ArrowLeft size={16} aria-hidden="true" />
                Change email
              </button>
              {mode === Mode.registerCode ? (
                <p className="signin__legal">
                  By verifying, you agree to our{' '}
                  <a href="/terms" target="_blank" rel="noreferrer">
                    Terms of Service
                  </a>{' '}
                  and{' '}
                  <a href="/privacy" target="_blank" rel="noreferrer">
                    Privacy Policy
                  </a>
                  .
                </p>
              ) : null}
            </form>
          ) : (
            <form className="signin__form" onSubmit={submitDetails}>
              <h1 className="signin__title">
                {registering ? 'Create your account' : 'Welcome back'}
              </h1>
              <p className="signin__subtitle">
                {registering
                  ? 'Start turning your photos and clips into videos. No password needed.'
                  : `Sign in with your email and we'll send you a ${CODE_LENGTH}-digit code.`}
              </p>
              {registering ? (
                <div className="signin__names">
                  <TextField
                    label="First name"
                    name="given-name"
                    autoComplete="given-name"
                    value={name}
                    onChange={(event) => setName(event.target.value)}
                    required
                  />
                  <TextField
                    label="Last name"
                    name="family-name"
                    autoComplete="family-name"
                    value={surname}
                    onChange={(event) => setSurname(event.target.value)}
                    required
                  />
                </div>
              ) : null}
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                icon={<Mail size={18} />}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                required
              />
              <Button
                type="submit"
                size="lg"
                block
                disabled={!detailsValid}
                loading={sendCode.isPending}
                icon={registering ? <Sparkles size={18} aria-hidden="true" /> : undefined}
              >
                {registering ? 'Sign Up' : 'Sign In'}
              </Button>
              {providers.data?.google ? (
                <>
                  <div className="signin__or" aria-hidden="true">
                    or
                  </div>
                  <GoogleButton href={apiUrl(endpointUrl(GOOGLE_SIGN_IN, {}, { plan }))} />
                </>
              ) : null}
              <p className="signin__switch">
                {registering ? 'Already have an account?' : 'New to Storyreel?'}{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setMode(registering ? Mode.signIn : Mode.signUp)}
                >
                  {registering ? 'Sign In' : 'Sign Up'}
                </button>
              </p>
            </form>
          )}
        </div>
      </main>
    </div>
  )
}
