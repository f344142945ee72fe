/**
 * Every message code the server answers, with its text and HTTP status (SPEC section 8).
 * The spec leaves most statuses open; the codes after the spec's own are ours, for failures the
 * spec does not name.
 */
export const MESSAGES = {
  generic_error_message: { text: 'Unexpected error occurred. Please try again.', status: 500 },
  msg_token_limit_exceeded: {
    text: 'Token limit reached. Please upgrade your subscription.',
    status: 429,
  },
  msg_user_not_found: { text: 'User not found.', status: 401 },
  msg_user_already_exists: { text: 'User already exists.', status: 401 },
  msg_user_invalid_provider: {
    text: 'This user signed up using a different method. Please try changing your sign-in method.',
    status: 401,
  },
  msg_invalid_token: { text: 'Invalid token.', status: 401 },
  msg_google_oauth_failed: {
    text: 'Authentication with Google failed. Please try again later.',
    status: 401,
  },
  msg_composition_generation_failed: {
    text: 'Failed to generate composition. Please try again later.',
    status: 500,
  },
  msg_session_verification_failed: {
    text: 'Session verification failed. Please log in again.',
    status: 401,
  },
  msg_zod_validation_error: { text: 'Invalid fields: {fields}', status: 400 },
  msg_higher_subscription_required: {
    text: 'You need a higher subscription to generate more than one image at a time.',
    status: 403,
  },
  msg_video_limit_reached: {
    text: 'You have reached your monthly video limit. Please upgrade your plan.',
    status: 403,
  },
  msg_invalid_csrf_token: {
    text: 'Your session expired. Please refresh the page and try again.',
    status: 403,
  },
  msg_too_many_requests: {
    text: 'Too many requests. Please wait a moment and try again.',
    status: 429,
  },
  msg_unsupported_file: {
    text: 'Some files are not supported or exceed the maximum file size limit of 50 MB. Please try again.',
    status: 400,
  },
  msg_no_files: { text: 'No files selected. Please try again.', status: 400 },
  msg_media_not_found: { text: 'Media file not found.', status: 404 },
  msg_task_not_found: { text: 'Video not found.', status: 404 },
  msg_task_not_finished: { text: 'The video is not ready yet.', status: 409 },
  msg_not_found: { text: 'Not found.', status: 404 },
  msg_request_too_large: { text: 'The request is too large.', status: 413 },
  /** The client took longer than REQUEST_TIMEOUT_SECONDS to send its request (an upload). */
  msg_request_timeout: {
    text: 'Sending took too long. Please try again on a faster connection.',
    status: 408,
  },
  msg_storage_quota_exceeded: {
    text: 'Your media library is full for your plan. Delete some media or upgrade your plan.',
    status: 403,
  },
  msg_image_too_large: {
    text: 'This picture has too many pixels (at most 40 megapixels). Please use a smaller one.',
    status: 400,
  },
  /** One describe request would decode more than its budget (services/describe-budget.ts). */
  msg_too_much_to_describe: {
    text: 'These files are too many or too large to describe at once. Please choose fewer.',
    status: 400,
  },
  msg_media_in_use: {
    text: 'This file is used by a video that is still rendering. Try again when it has finished.',
    status: 409,
  },
  msg_composition_too_costly: {
    text: 'This video is too long or has too many effects for your plan. Shorten it or remove some effects.',
    status: 403,
  },
  /** Google sign-in needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the server. */
  msg_google_not_configured: {
    text: 'Sign-in with Google is not available on this server.',
    status: 404,
  },
  msg_invalid_provider: { text: 'Invalid provider', status: 400 },
  /** The answer's data names the provider: `{ provider }`. */
  msg_stock_not_configured: {
    text: 'This stock provider is not configured on this server.',
    status: 503,
  },
  msg_stock_unavailable: {
    text: 'The stock provider did not answer. Please try again later.',
    status: 502,
  },
  msg_download_refused: {
    text: 'This file cannot be downloaded from that address.',
    status: 400,
  },
  /** Image generation needs an OpenAI key (OPENAI_API_KEY) on the server. */
  msg_ai_not_configured: {
    text: 'AI image generation is not configured on this server.',
    status: 503,
  },
  msg_ai_unavailable: {
    text: 'The AI service did not answer. Please try again later.',
    status: 502,
  },
  /** The image model's safety system refused the prompt. */
  msg_ai_prompt_refused: {
    text: 'This prompt was refused by the image service. Please describe something else.',
    status: 400,
  },
  /** Payments need STRIPE_SECRET_KEY (and its price ids) on the server. */
  msg_billing_not_configured: {
    text: 'Payments are not configured on this server.',
    status: 503,
  },
  msg_billing_unavailable: {
    text: 'The payment service did not answer. Please try again later.',
    status: 502,
  },
  /** Unknown, or started by another user: the same answer, so ids cannot be probed. */
  msg_checkout_session_not_found: { text: 'Checkout session not found.', status: 404 },
  /** The billing portal needs a billing customer, made by the user's first checkout. */
  msg_no_billing_account: {
    text: 'There is no billing account for you yet. Choose a plan first.',
    status: 404,
  },
  /** A webhook whose Stripe-Signature does not match its body and the webhook secret. */
  msg_invalid_webhook_signature: { text: 'Invalid webhook signature.', status: 400 },
  /** An audio upload that is not MP3, M4A, WAV or OGG audio within AUDIO_UPLOAD_RULES. */
  msg_unsupported_audio: {
    text: 'This audio file is not supported. Please use an MP3, M4A, WAV or OGG file of at most 20 MB and 10 minutes.',
    status: 400,
  },
} as const satisfies Record<string, { text: string; status: number }>

export type MessageCode = keyof typeof MESSAGES

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(MESSAGES, code)
}

/** The text for a code; unknown codes are shown raw (SPEC section 8). */
export function messageText(code: string, fields: readonly string[] = []): string {
  if (!isMessageCode(code)) return code
  return MESSAGES[code].text.replace('{fields}', fields.join(', '))
}

/**
 * What the user can do about a message whose spec text does not say (issue 36): the app shows it
 * after the text. The server's answers keep the spec's texts alone.
 */
export const NEXT_STEPS: Partial<Record<MessageCode, string>> = {
  msg_user_not_found: 'Check the address, or create an account with Sign Up.',
  msg_user_already_exists: 'Sign in with this address instead.',
  msg_invalid_token: 'Check the code in the latest e-mail we sent you, or ask for a new one.',
}

/** A message's text followed by what to do next, where the spec's text does not say. */
export function messageWithNextStep(code: string, fields: readonly string[] = []): string {
  const step = isMessageCode(code) ? NEXT_STEPS[code] : undefined
  return step ? `${messageText(code, fields)} ${step}` : messageText(code, fields)
}
