import * as RadixToast from '@radix-ui/react-toast'
import { TIMINGS } from '@storyreel/core'
import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { create } from 'zustand'
import './ui.css'

type Tone = 'error' | 'success'

interface ToastItem {
  id: number
  tone: Tone
  text: string
  /** The page the message is about: it goes when the user leaves that page. */
  path: string
}

interface ToastState {
  items: ToastItem[]
  push: (tone: Tone, text: string, path: string) => void
  dismiss: (id: number) => void
  dismissErrors: (path: string) => void
  keepFor: (path: string) => void
}

let nextId = 1

const useToasts = create<ToastState>()((set) => ({
  items: [],
  push: (tone, text, path) =>
    set((state) => {
      // The same message twice in a row shows once.
      if (state.items.some((item) => item.text === text && item.tone === tone)) return state
      // One error per page: the newest says what is wrong now; an older one is either fixed
      // or about to be met again.
      const kept =
        tone === 'error'
          ? state.items.filter((item) => item.tone !== 'error' || item.path !== path)
          : state.items
      return { items: [...kept, { id: nextId++, tone, text, path }].slice(-3) }
    }),
  dismissErrors: (path) =>
    set((state) => {
      const items = state.items.filter((item) => item.tone !== 'error' || item.path !== path)
      return items.length === state.items.length ? state : { items }
    }),
  dismiss: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
  keepFor: (path) =>
    set((state) => {
      const items = state.items.filter((item) => item.path === path)
      return items.length === state.items.length ? state : { items }
    }),
}))

/** The path part of an app URL such as '/format?x=1'. */
const pathOf = (to: string) => new URL(to, window.location.origin).pathname

/**
 * Shows a message at the top of the screen: errors are red and stay for six seconds. A message
 * belongs to the current page, or to `on` (a page the app is going to, as a guard's redirect
 * says why), and leaves with it.
 */
export const toast = {
  error: (text: string, on?: string) =>
    useToasts.getState().push('error', text, pathOf(on ?? window.location.pathname)),
  success: (text: string, on?: string) =>
    useToasts.getState().push('success', text, pathOf(on ?? window.location.pathname)),
  /** The page's errors are out of date: what they said went wrong has been put right. */
  dismissErrors: () => useToasts.getState().dismissErrors(window.location.pathname),
}

/** Drops the messages of pages other than `path`: call on every page change. */
export const keepToastsFor = (path: string) => useToasts.getState().keepFor(path)

export function Toaster() {
  const items = useToasts((state) => state.items)
  const dismiss = useToasts((state) => state.dismiss)
  return (
    <RadixToast.Provider duration={TIMINGS.toastMs} swipeDirection="up">
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          className={`toast toast--${item.tone}`}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id)
          }}
        >
          {item.tone === 'error' ? (
            <CircleAlert className="toast__icon" size={20} aria-hidden="true" />
          ) : (
            <CircleCheck className="toast__icon" size={20} aria-hidden="true" />
          )}
          <RadixToast.Description className="toast__text">{item.text}</RadixToast.Description>
          <RadixToast.Close className="toast__close" aria-label="Dismiss">
            <X size={16} aria-hidden="true" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" />
    </RadixToast.Provider>
  )
}
