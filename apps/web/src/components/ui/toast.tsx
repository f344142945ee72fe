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
}

interface ToastState {
  items: ToastItem[]
  push: (tone: Tone, text: string) => void
  dismiss: (id: number) => void
}

let nextId = 1

const useToasts = create<ToastState>()((set) => ({
  items: [],
  push: (tone, text) =>
    set((state) => {
      // The same message twice in a row shows once.
      if (state.items.some((item) => item.text === text && item.tone === tone)) return state
      return { items: [...state.items, { id: nextId++, tone, text }].slice(-3) }
    }),
  dismiss: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
}))

/** Shows a message at the top of the screen: errors are red and stay for six seconds. */
export const toast = {
  error: (text: string) => useToasts.getState().push('error', text),
  success: (text: string) => useToasts.getState().push('success', text),
}

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
