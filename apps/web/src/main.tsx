import '@fontsource-variable/inter'
import '@fontsource-variable/plus-jakarta-sans'
import './styles/tokens.css'
import './styles/base.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { catchUncaughtErrors } from './lib/report-error'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

catchUncaughtErrors()

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
