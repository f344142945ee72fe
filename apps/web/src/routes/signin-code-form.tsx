import { CODE_LENGTH } from '@storyreel/core'
import { ArrowLeft, Mail } from 'lucide-react'
import type { FormEvent } from 'react'
import { Button } from '../components/ui/button'

export interface CodeFormProps {
  email: string
  code: string
  /** A new account: verifying accepts the terms. */
  registering: boolean
  verifying: boolean
  sending: boolean
  onTypeCode(value: string): void
  onSubmit(): void
  onResend(): void
  onChangeEmail(): void
}

/** The second step: the code sent by email, typed or pasted. */
export function CodeForm(props: CodeFormProps) {
  const { code, sending } = props
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit()
  }
  return (
    <form className="signin__form" onSubmit={submit} noValidate>
      <div className="signin__badge">
        <Mail size={26} aria-hidden="true" />
      </div>
      <h1 className="signin__title">Check your email</h1>
      <p className="signin__subtitle">
        Enter the {CODE_LENGTH}-digit code we sent to
        <strong className="signin__email">{props.email}</strong>
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
          onChange={(event) => props.onTypeCode(event.target.value)}
          autoFocus
        />
      </div>
      <Button
        type="submit"
        size="lg"
        block
        disabled={code.length !== CODE_LENGTH}
        loading={props.verifying}
      >
        Verify
      </Button>
      <div className="signin__row">
        <span>Didn&apos;t get it?</span>
        <button type="button" className="link-button" onClick={props.onResend} disabled={sending}>
          {sending ? 'Sending…' : 'Resend'}
        </button>
      </div>
      <button type="button" className="signin__back" onClick={props.onChangeEmail}>
        <ArrowLeft size={16} aria-hidden="true" />
        Change email
      </button>
      {props.registering ? <TermsConsent /> : null}
    </form>
  )
}

function TermsConsent() {
  return (
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
  )
}
