import { CODE_LENGTH } from '@storyreel/core'
import { Mail, Sparkles } from 'lucide-react'
import type { FormEvent } from 'react'
import { GoogleButton } from '../components/google-button'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import type { Details } from './use-sign-in'

export interface DetailsFormProps {
  /** Signing up (names and email) rather than in (email only). */
  registering: boolean
  details: Details
  canSend: boolean
  sending: boolean
  /** Google sign-in's address, where it shows. */
  googleHref: string | null
  onChange(change: Partial<Details>): void
  onSubmit(): void
  onSwitchMode(): void
}

/** The first step: who is signing up or in, to send a code to. */
export function DetailsForm(props: DetailsFormProps) {
  const { registering, details, onChange } = props
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit()
  }
  return (
    <form className="signin__form" onSubmit={submit}>
      <h1 className="signin__title">{registering ? 'Create your account' : 'Welcome back'}</h1>
      <p className="signin__subtitle">
        {registering
          ? 'Start turning your photos and clips into videos. No password needed.'
          : `Sign in with your email and we'll send you a ${CODE_LENGTH}-digit code.`}
      </p>
      {registering ? <NameFields details={details} onChange={onChange} /> : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        icon={<Mail size={18} />}
        value={details.email}
        onChange={(event) => onChange({ email: event.target.value })}
        required
      />
      <Button
        type="submit"
        size="lg"
        block
        disabled={!props.canSend}
        loading={props.sending}
        icon={registering ? <Sparkles size={18} aria-hidden="true" /> : undefined}
      >
        {registering ? 'Sign Up' : 'Sign In'}
      </Button>
      {props.googleHref ? (
        <>
          <div className="signin__or" aria-hidden="true">
            or
          </div>
          <GoogleButton href={props.googleHref} />
        </>
      ) : null}
      <p className="signin__switch">
        {registering ? 'Already have an account?' : 'New to Storyreel?'}{' '}
        <button type="button" className="link-button" onClick={props.onSwitchMode}>
          {registering ? 'Sign In' : 'Sign Up'}
        </button>
      </p>
    </form>
  )
}

function NameFields({ details, onChange }: Pick<DetailsFormProps, 'details' | 'onChange'>) {
  return (
    <div className="signin__names">
      <TextField
        label="First name"
        name="given-name"
        autoComplete="given-name"
        value={details.name}
        onChange={(event) => onChange({ name: event.target.value })}
        required
      />
      <TextField
        label="Last name"
        name="family-name"
        autoComplete="family-name"
        value={details.surname}
        onChange={(event) => onChange({ surname: event.target.value })}
        required
      />
    </div>
  )
}
