import { Navigate, createBrowserRouter } from 'react-router'
import { AppLayout } from './components/app-layout'
import { Splash } from './components/full-page'
import { RouteError } from './components/route-error'
import { Privacy, Terms } from './routes/legal'
import { NotFound } from './routes/not-found'

/**
 * The routes of SPEC section 2 built so far, plus the terms and privacy pages that sign-up links
 * to; each screen is its own module under routes/.
 */
export const router = createBrowserRouter([
  {
    path: '/signin',
    lazy: () => import('./routes/signin'),
    errorElement: <RouteError />,
    hydrateFallbackElement: <Splash />,
  },
  {
    // A third-party sign-in comes back here, before any session check.
    path: '/auth-callback',
    lazy: () => import('./routes/auth-callback'),
    errorElement: <RouteError />,
    hydrateFallbackElement: <Splash />,
  },
  // Open pages: read before signing up.
  { path: '/terms', element: <Terms />, errorElement: <RouteError /> },
  { path: '/privacy', element: <Privacy />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Splash />,
    children: [
      { index: true, element: <Navigate to="/format" replace /> },
      { path: 'format', lazy: () => import('./routes/format') },
      { path: 'upload', lazy: () => import('./routes/upload') },
      { path: 'customize', lazy: () => import('./routes/customize/index') },
      { path: 'render/:taskId', lazy: () => import('./routes/render') },
      { path: 'queue', lazy: () => import('./routes/queue/index') },
      { path: 'media', lazy: () => import('./routes/media/index') },
      { path: 'generate', lazy: () => import('./routes/generate/index') },
      { path: 'plan', lazy: () => import('./routes/plan/index') },
      { path: '*', element: <NotFound /> },
    ],
  },
])
