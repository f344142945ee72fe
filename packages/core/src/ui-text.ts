/** The app's own messages (SPEC sections 2, 4, 5 and 8), in one place for the app and its tests. */
export const UI_TEXT = {
  noBody: 'Unexpected error. Please try again',
  noResponse: 'No response from server.',
  requestSetupFailed: 'Error setting up request.',
  authenticationError: 'Authentication error: {code}',

  unsupportedFiles:
    'Some files are not supported or exceed the maximum file size limit of 50 MB. Please try again.',
  noFilesSelected: 'No files selected. Please try again.',
  uploadAtLeastOne: 'Please upload at least one file.',
  analyzingFiles: 'Analyzing your files... ',
  generatingComposition: 'Generating composition... ',

  noComposition: 'No composition data or uploaded files found. Please upload and compose first.',
  renderWithoutTask: 'There is no video rendering yet. Click Render on the Customize step first.',
  deleteSlideTitle: 'Delete Slide',
  deleteSlideText: 'Are you sure you want to delete this slide? This action cannot be undone.',
  deleteVideoTitle: 'Delete Video',
  deleteMediaTitle: 'Delete Media',
  renderCancelled: 'Render was cancelled',
  renderDeleted: 'Render was deleted',
  videoLimitReachedTitle: 'VIDEO LIMIT REACHED',
  videoLimitReached: 'Video limit reached',
  endOfMonth: 'the end of the month',
  higherSubscriptionRequired: 'Higher subscription required',
  noMediaFoundTitle: 'No Media Found',
  noMediaFoundText: 'Upload some media to get started with your video creation',
  selectAtLeastOneMedia: 'Please select at least one media file to continue.',
  selectAtLeastOneImage: 'Please select at least one image',
  selectRatioFirst: 'Please select a video aspect ratio on the home page to continue.',
  invalidProvider: 'Invalid provider',
  moreImagesNeedDalle2: 'More images can only be generated at once using DALL·E 2',

  audioPreviewNeedsTextAndVoice: 'Text and voice are required for audio preview',
  audioPreviewCooldown: 'Please wait a moment before requesting another preview.',
  audioPreviewNotAudio: 'Server did not return an audio file. Please try again.',
  audioPreviewEmptyData: 'Received empty audio data.',
  audioPreviewEmpty: 'Generated audio is empty.',
  audioPreviewDefaultText: 'This is an example message for the selected voice.',

  errorGeneratingImages: 'Error generating images. Please try again later.',
  failedDescriptions: 'Failed to generate descriptions',
  failedCompose: 'Failed to compose',
  failedRender: 'Failed to render video',
  failedFetchVideo: 'Failed to fetch video',
  notAVideo: 'Server did not return a video file',
  failedPlay: 'Failed to play video. Please try again.',
  failedDownload: 'Failed to download video. Please try again.',
  failedDeleteVideo: 'Failed to delete video. Please try again.',
  failedDeleteFile: 'Failed to delete file. Please try again.',
  failedUseMedia: 'Failed to use media files. Please try again.',
  failedLoadVideo: 'Failed to load video. Please try again.',
  failedRenderStatus: 'Failed to check render status',
  failedFetchTasks: 'Failed to fetch tasks',
  failedTakePhoto:
    'Failed to take photo. Make sure your camera is not being used by another app and you have given the necessary permissions.',
  errorCreatingToken: 'Error creating verification token. Please try again.',
  errorVerifyingToken: 'Error verifying token. Please try again.',
  errorCreatingPayment:
    'Error creating payment session. Please refresh the page and try again. If the issue persists, try logging in again.',
  failedPaymentInfo:
    'Failed to get payment information. Please try again. If the problem continues, check your internet connection or contact support for assistance.',
  errorPaymentStatus: 'Error getting payment status. Please refresh the page and try again...',
  errorOpeningPortal: 'An error occurred while opening the billing portal. Please try again.',
  failedPortalUrl: 'Failed to get billing portal URL. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  failedAudioPreview: 'Failed to generate audio preview. Please try again.',
  failedPlayAudio: 'Failed to play audio. Please try again.',

  paymentSucceeded: 'Thank you for purchasing a subscription!',
  paymentPending:
    'Your payment is being processed. You will receive an email confirmation shortly.',
  paymentFailed: 'Your payment was not successful. Please try again or contact support.',
} as const

export type UiTextKey = keyof typeof UI_TEXT

/** Fills `{name}` placeholders. */
export function formatText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}
