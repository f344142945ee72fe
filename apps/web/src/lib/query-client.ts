import { MutationCache, QueryClient } from '@tanstack/react-query'
import { toast } from '../components/ui/toast'
import { ApiError } from './api'

export const queryClient = new QueryClient({
  // An action that went through puts right what the page's last error was about (a code sent
  // to another address, a retried upload): that error goes, one per cause (issue 36).
  mutationCache: new MutationCache({ onSuccess: () => toast.dismissErrors() }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A client error (4xx) will not change on retry; a lost answer may.
      retry: (failureCount, error) =>
        failureCount < 1 &&
        !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
})
