import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import {
  LoginBodySchema,
  RegisterBodySchema,
  RegisterQuerySchema,
  TokenCreateBodySchema,
} from '@storyreel/core'
import { users } from '../../db/schema'
import { AppError } from '../../lib/app-error'
import { requireUser } from '../../plugins/session'
import { consumeLoginCode, createLoginCode } from '../../services/login-codes'
import { limitReached, userData } from '../../services/video-limit'

const CODE_MAIL_SUBJECT = 'Your Storyreel code'

export async function authRoutes(app: FastifyInstance) {
  const { db, secret, mail } = app.services

  async function findUser(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
    return user ?? null
  }

  app.post('/auth/local/token/create', async (req) => {
    const body = TokenCreateBodySchema.parse(req.body)
    const user = await findUser(body.email)
    if (body.type === 'login' && !user) throw new AppError('msg_user_not_found')
    if (body.type === 'login' && user?.provider !== 'local') {
      throw new AppError('msg_user_invalid_provider')
    }
    if (body.type === 'register' && user) throw new AppError('msg_user_already_exists')
    const code = await createLoginCode(db, secret, { ...body, ip: req.ip })
    await mail({
      to: body.email,
      subject: CODE_MAIL_SUBJECT,
      text: `Your Storyreel verification code is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
    })
    return { data: null, message: null }
  })

  app.post('/auth/local/register', async (req, res) => {
    const { plan } = RegisterQuerySchema.parse(req.query)
    const body = RegisterBodySchema.parse(req.body)
    if (await findUser(body.email)) throw new AppError('msg_user_already_exists')
    await consumeLoginCode(db, secret, { email: body.email, type: 'register', code: body.token })
    const [user] = await db
      .insert(users)
      .values({ email: body.email, name: body.name, surname: body.surname })
      .onConflictDoNothing()
      .returning()
    if (!user) throw new AppError('msg_user_already_exists')
    await app.startSession(res, user.id)
    return { data: { link: plan ? `/plan?plan=${plan}` : '/format' }, message: null }
  })

  app.post('/auth/local/login', async (req, res) => {
    const body = LoginBodySchema.parse(req.body)
    const user = await findUser(body.email)
    if (!user) throw new AppError('msg_user_not_found')
    await consumeLoginCode(db, secret, { email: body.email, type: 'login', code: body.token })
    await app.startSession(res, user.id)
    return { data: { link: '/format' }, message: null }
  })

  app.get('/auth/verify-session', async (req) => {
    const user = requireUser(req)
    return { data: { isAuthenticated: true, userData: await userData(db, user) }, message: null }
  })

  app.get('/auth/update-video-limit', async (req) => {
    const user = requireUser(req)
    return { data: { limitReached: await limitReached(db, user) }, message: null }
  })

  app.get('/auth/logout', async (req, res) => {
    await app.endSession(req, res)
    return { data: null, message: null }
  })
}
