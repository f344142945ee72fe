import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import { Toaster, keepToastsFor } from './components/ui/toast'
import { queryClient } from './lib/query-client'
import { router } from './router'

// A message about one page does not follow the user to the next.
router.subscribe((state) => keepToastsFor(state.location.pathname))

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  )
}
