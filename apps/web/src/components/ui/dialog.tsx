import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import './ui.css'

export interface DialogProps {
  open: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  icon?: ReactNode
  children?: ReactNode
  /** Without it the dialog can only be left through its own buttons. */
  dismissible?: boolean
  /** Another look, styled on top of the default one (the camera's dark full screen). */
  className?: string
}

/** A centred modal dialog (a bottom sheet on phones). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  icon,
  children,
  dismissible = true,
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={className ? `dialog ${className}` : 'dialog'}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onInteractOutside={dismissible ? undefined : (event) => event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {icon ? <div className="dialog__icon">{icon}</div> : null}
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {dismissible ? (
            <RadixDialog.Close className="dialog__close" aria-label="Close">
              <X size={18} aria-hidden="true" />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
