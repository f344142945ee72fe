import { UI_TEXT } from '@storyreel/core'
import { Check } from 'lucide-react'
import { useNavigate } from 'react-router'
import { useStory } from '../lib/store'
import { toast } from './ui/toast'
import './app.css'

export type Step = 'format' | 'upload' | 'customize' | 'render'

const STEPS: { id: Step; label: string }[] = [
  { id: 'format', label: 'Format' },
  { id: 'upload', label: 'Upload' },
  { id: 'customize', label: 'Customize' },
  { id: 'render', label: 'Render' },
]

/** The four steps of the main flow; each is a button that goes there when it can. */
export function Timeline({ current }: { current: Step }) {
  const navigate = useNavigate()
  const ratio = useStory((state) => state.ratio)
  const hasComposition = useStory(
    (state) => state.composition !== null && state.uploadedFiles.length > 0,
  )
  const taskId = useStory((state) => state.taskId)
  const currentIndex = STEPS.findIndex((step) => step.id === current)

  function go(step: Step) {
    if (step === current) return
    switch (step) {
      case 'format':
        void navigate('/format')
        return
      case 'upload':
        if (!ratio) toast.error(UI_TEXT.selectRatioFirst)
        else void navigate('/upload')
        return
      case 'customize':
        if (!hasComposition) toast.error(UI_TEXT.noComposition)
        else void navigate('/customize')
        return
      case 'render':
        if (!taskId) toast.error(UI_TEXT.renderWithoutTask)
        else void navigate(`/render/${taskId}`)
    }
  }

  return (
    <nav className="timeline" aria-label="Steps">
      <ol className="timeline__list">
        {STEPS.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo'
          return (
            <li key={step.id} className={`timeline__item timeline__item--${state}`}>
              <button
                type="button"
                className="timeline__button"
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => go(step.id)}
              >
                <span className="timeline__dot" aria-hidden="true">
                  {state === 'done' ? <Check size={14} strokeWidth={3} /> : index + 1}
                </span>
                {/* The name is the visible label, so speech input ('click Format') finds it. */}
                <span className="visually-hidden">{`Step ${index + 1}: `}</span>
                <span className="timeline__label">{step.label}</span>
              </button>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
