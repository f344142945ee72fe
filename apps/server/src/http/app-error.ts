import { MESSAGES, type MessageCode } from '@storyreel/core'

/** An error the client should see: a message code of the spec, its status, optional data. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: MessageCode,
    readonly data: unknown = null,
  ) {
    super(code)
    this.status = MESSAGES[code].status
  }
}
