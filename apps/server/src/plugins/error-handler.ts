import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import { MESSAGES, type MessageCode } from '@storyreel/core'
import { AppError } from '../http/app-error'

function reply(code: MessageCode, data: unknown = null) {
  return { status: MESSAGES[code].status, body: { data, message: code } }
}

/** Fastify's own errors that the client caused, by their code. */
const FASTIFY_CLIENT_ERRORS: Record<string, MessageCode> = {
  FST_REQ_FILE_TOO_LARGE: 'msg_unsupported_file',
  FST_FILES_LIMIT: 'msg_unsupported_file',
  FST_PARTS_LIMIT: 'msg_unsupported_file',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'msg_no_files',
  FST_ERR_CTP_BODY_TOO_LARGE: 'msg_request_too_large',
  FST_CSRF_INVALID_TOKEN: 'msg_invalid_csrf_token',
  FST_CSRF_MISSING_SECRET: 'msg_invalid_csrf_token',
}

const fieldName = (path: string) => path.replace(/^\//, '').replaceAll('/', '.') || '(body)'

/**
 * Validates requests and serializes answers with the routes' zod schemas, and turns every error
 * into `{ data, message }` with a spec code: validation failures list the field names, our
 * AppErrors keep their code, anything unknown is logged and answered generically, never with a
 * stack trace.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    app.setErrorHandler((error: FastifyError | Error, request, res) => {
      let out: { status: number; body: { data: unknown; message: string } }
      if (error instanceof AppError) {
        out = { status: error.status, body: { data: error.data, message: error.code } }
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = [...new Set(error.validation.map((v) => fieldName(v.instancePath)))]
        out = reply('msg_zod_validation_error', { fields })
      } else if (error instanceof ZodError) {
        const fields = [...new Set(error.issues.map((i) => i.path.join('.') || '(body)'))]
        out = reply('msg_zod_validation_error', { fields })
      } else if ('statusCode' in error && error.statusCode === 429) {
        out = reply('msg_too_many_requests')
      } else if ('code' in error && error.code && FASTIFY_CLIENT_ERRORS[error.code]) {
        out = reply(FASTIFY_CLIENT_ERRORS[error.code]!)
      } else if ('statusCode' in error && error.statusCode && error.statusCode < 500) {
        // Malformed JSON, wrong content type and the like: the client's mistake, not ours.
        request.log.info({ err: error }, 'bad request')
        out = { status: error.statusCode, body: { data: null, message: 'generic_error_message' } }
      } else {
        request.log.error({ err: error }, 'unhandled error')
        out = reply('generic_error_message')
      }
      return res.status(out.status).send(out.body)
    })
  },
  { name: 'error-handler' },
)
