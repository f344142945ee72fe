import type { FastifyInstance } from 'fastify'
import { authApi } from '@storyreel/core'
import { AppError } from '../../http/app-error'
import { route } from '../../http/route'
import { consumeLoginCode, createLoginCode } from '../../services/login-codes'
import { createLocalUser, findUserByEmail } from '../../services/users'
import { limitReached, userData } from '../../services/video-limit'
import { googleRoutes } from './google'

const CODE_MAIL_SUBJECT = 'Your Storyreel code'

export async function authRoutes(app: FastifyInstance) {
  const { db, secret, mail } = app.services

  route(app, authApi.createToken, async (req) => {
    const { email, type } = req.body
    const user = await findUserByEmail(db, email)
    if (type === 'login' && !user) throw new AppError('msg_user_not_found')
    if (type === 'login' && user?.provider !== 'local') {
      throw new AppError('msg_user_invalid_provider')
    }
    if (type === 'register' && user) throw new AppError('msg_user_already_exists')
    const code = await createLoginCode(db, secret, { email, type, ip: req.ip })
    await mail({
      to: email,
      subject: CODE_MAIL_SUBJECT,
      text: `Your Storyreel verification code is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
    })
    return null
  })

  route(app, authApi.register, async (req, res) => {
    const { plan } = req.query
    const { email, name, surname, token } = req.body
    if (await findUserByEmail(db, email)) throw new AppError('msg_user_already_exists')
    await consumeLoginCode(db, secret, { email, type: 'register', code: token, ip: req.ip })
    const user = await createLocalUser(db, { email, name, surname })
    if (!user) throw new AppError('msg_user_already_exists')
    await app.startSession(res, user.id)
    return { link: plan ? `/plan?plan=${plan}` : '/format' }
  })

  route(app, authApi.login, async (req, res) => {
    const { email, token } = req.body
    const user = await findUserByEmail(db, email)
    if (!user) throw new AppError('msg_user_not_found')
    if (user.provider !== 'local') throw new AppError('msg_user_invalid_provider')
    await consumeLoginCode(db, secret, { email, type: 'login', code: token, ip: req.ip })
    await app.startSession(res, user.id)
    return { link: '/format' }
  })

  route(app, authApi.verifySession, async (req) => {
    const { user } = req
    return { isAuthenticated: true, userData: await userData(db, user) }
  })

  route(app, authApi.updateVideoLimit, async (req) => {
    const { user } = req
    return { limitReached: await limitReached(db, user) }
  })

  route(app, authApi.logout, async (req, res) => {
    await app.endSession(req, res)
    return null
  })

  await app.register(googleRoutes)
}
