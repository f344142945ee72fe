import { UI_TEXT } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { useRef } from 'react'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../components/ui/button'
import { toast } from '../../components/ui/toast'
import { errorText } from '../../lib/api'
import { ACCEPT, acceptedUploads, renameForUpload } from '../../lib/files'
import { useStory } from '../../lib/store'
import { uploadToLibrary } from '../customize/add-media'
import { uploadsKey } from '../customize/media-picker'
import { uploadPath } from './destinations'

/**
 * 'Upload media' on the library's tab. While slides are being added to a video (`adding`), it
 * picks files on the device, stores them in the library like the upload step and chooses them,
 * so they join the video with the rest of the selection; otherwise it leads to the upload step.
 */
export function UploadButton({
  adding,
  className,
  variant = 'secondary',
  onUploaded,
}: {
  adding: boolean
  className?: string
  variant?: 'primary' | 'secondary'
  onUploaded(files: MediaFile[]): void
}) {
  const ratio = useStory((state) => state.ratio)
  const input = useRef<HTMLInputElement>(null)
  const queryClient = useQueryClient()
  const upload = useMutation({
    mutationFn: (files: File[]) => uploadToLibrary(files, useStory.getState().suggestion),
    onSuccess: ({ files, descriptions }) => {
      const story = useStory.getState()
      story.setUploaded(story.uploadedFiles, { ...story.descriptions, ...descriptions })
      void queryClient.invalidateQueries({ queryKey: uploadsKey })
      onUploaded(files)
    },
    onError: (error) => toast.error(errorText(error, UI_TEXT.failedDescriptions)),
  })

  if (!adding) {
    return (
      <Link className={buttonClass(variant, 'md', className)} to={uploadPath(ratio)}>
        <Upload size={18} aria-hidden="true" />
        Upload media
      </Link>
    )
  }
  return (
    <>
      <Button
        variant={variant}
        className={className}
        icon={<Upload size={18} aria-hidden="true" />}
        loading={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? 'Uploading…' : 'Upload media'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        aria-label="Choose media to upload"
        onChange={(event) => {
          const accepted = acceptedUploads(event.currentTarget.files, toast.error)
          if (accepted.length > 0) upload.mutate(accepted.map(renameForUpload))
          event.currentTarget.value = ''
        }}
      />
    </>
  )
}
