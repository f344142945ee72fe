import { Capacitor } from '@capacitor/core'
import { CODE_LENGTH, GOOGLE_SIGN_IN, UI_TEXT, authApi, endpointUrl } from '@storyreel/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from '../components/ui/toast'
import { apiUrl } from '../config'
import { callApi, errorText, resetCsrfToken } from '../lib/api'
import { sessionKey } from '../lib/session'

/** The sign-in modes of SPEC section 4. */
export const Mode = { signUp: 0, signIn: 1, loginCode: 2, registerCode: 3 } as const
export type Mode = (typeof Mode)[keyof typeof Mode]

const PAID_PLANS = ['STARTER', 'PRO'] as const
type Plan = (typeof PAID_PLANS)[number]

/** What the details form asks for: the names only when registering. */
export interface Details {
  name: string
  surname: string
  email: string
}

/** Whether the details are enough to send a code for. */
export function detailsValid(details: Details, registering: boolean): boolean {
  const email = details.email.trim() !== ''
  return registering ? details.name.trim() !== '' && details.surname.trim() !== '' && email : email
}

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

/**
 * The address of Google sign-in, or null where it does not show: where the server has it not
 * configured, and in the native app, as Google refuses sign-in inside an embedded WebView
 * (disallowed_useragent).
 */
export function useGoogleSignIn(plan: Plan | undefined): string | null {
  const native = Capacitor.isNativePlatform()
  const providers = useQuery({
    queryKey: ['auth-providers'],
    queryFn: () => callApi(authApi.providers),
    staleTime: Infinity,
    enabled: !native,
  })
  return providers.data?.google ? apiUrl(endpointUrl(GOOGLE_SIGN_IN, {}, { plan })) : null
}

function useSendCode(email: string, registering: boolean) {
  return useMutation({
    mutationFn: () =>
      callApi(authApi.createToken, {
        body: { email: email.trim(), type: registering ? 'register' : 'login' },
      }),
    onError: (error) => toast.error(errorText(error, UI_TEXT.errorCreatingToken)),
  })
}

function useVerifyCode(registering: boolean, plan: Plan | undefined, details: Details) {
  const queryClient = useQueryClient()
  const followLink = useFollowLink()
  const { name, surname, email } = details
  return useMutation({
    mutationFn: (token: string) =>
      registering
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
}

/**
 * The code from the email as typed: digits only, so a pasted '583 471' or '583-471' keeps all
 * six (no maxLength on the input: it would cut the paste before the spaces are gone); the sixth
 * digit submits.
 */
function useCodeEntry(verify: ReturnType<typeof useVerifyCode>) {
  const [code, setCode] = useState('')

  function typeCode(value: string) {
    const next = value.replace(/\D/g, '').slice(0, CODE_LENGTH)
    setCode(next)
    if (next.length === CODE_LENGTH && code.length !== CODE_LENGTH && !verify.isPending) {
      verify.mutate(next)
    }
  }

  function submitCode() {
    if (code.length !== CODE_LENGTH || verify.isPending) return
    verify.mutate(code)
  }

  return { code, typeCode, submitCode, clearCode: () => setCode('') }
}

/**
 * The sign-in steps: details (sign up or sign in) send a code by email, and the code signs in.
 * A paid `plan` in the address (chosen before signing up) goes with the registration.
 */
export function useSignIn() {
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>(
    params.get('source') === 'register' ? Mode.signUp : Mode.signIn,
  )
  const [details, setDetails] = useState<Details>({ name: '', surname: '', email: '' })
  const planParam = params.get('plan')
  const plan = PAID_PLANS.find((p) => p === planParam)
  const registering = mode === Mode.signUp || mode === Mode.registerCode
  const sendCode = useSendCode(details.email, registering)
  const verify = useVerifyCode(mode === Mode.registerCode, plan, details)
  const { code, typeCode, submitCode, clearCode } = useCodeEntry(verify)
  const canSend = detailsValid(details, registering)

  function requestCode() {
    if (!canSend || sendCode.isPending) return
    sendCode.mutate(undefined, {
      onSuccess: () => {
        clearCode()
        setMode(registering ? Mode.registerCode : Mode.loginCode)
      },
    })
  }

  function resendCode() {
    sendCode.mutate(undefined, {
      onSuccess: () => toast.success(`We sent a new code to ${details.email.trim()}.`),
    })
  }

  function changeEmail() {
    clearCode()
    setMode(Mode.signIn)
  }

  return {
    mode,
    registering,
    codeMode: mode === Mode.loginCode || mode === Mode.registerCode,
    plan,
    details,
    changeDetails: (change: Partial<Details>) => setDetails((d) => ({ ...d, ...change })),
    canSend,
    sending: sendCode.isPending,
    requestCode,
    switchMode: () => setMode(registering ? Mode.signIn : Mode.signUp),
    code,
    verifying: verify.isPending,
    typeCode,
    submitCode,
    resendCode,
    changeEmail,
  }
}
