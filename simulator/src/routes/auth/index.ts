import { Type } from 'typebox'
import {
  AadSessionResponseSchema,
  CurrentUserSchema,
  decryptPassword,
  ErrorSchema,
  SignInResponseSchema,
  SsoCheckResponseSchema,
  WebSignInBodySchema,
  type WebSignInBody,
} from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { signInRateLimit } from '../../plugins/security.ts'
import { currentUser, findUserRow } from '../../db/repositories/users.ts'
import { verifyPassword } from '../../db/passwords.ts'
import { HttpError } from '../../errors.ts'
import { sessionOf } from '../../plugins/auth.ts'

const unauthorized = { 401: ErrorSchema }

export default async function authRoutes(app: AppInstance) {
  const { db, tokens, settings } = app

  app.get(
    '/signInMode',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'The sign-in mode (open, ldap, saml or aad) as a plain-text body',
        response: { 200: Type.String({ enum: ['open', 'ldap', 'saml', 'aad'] }) },
        'x-spec-ids': ['E001'],
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(settings.signInMode),
  )

  app.post(
    '/api/v1/webSignIn',
    {
      config: { access: { public: true }, rateLimit: signInRateLimit(app.settings.signInPerMinute) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username, salt and ct (the password encrypted by encryptPassword)',
        description:
          'The console posts {username, salt, ct}. Legacy scripts may post {username, password}, JSON or form-encoded. ' +
          'Works in every sign-in mode: the simulator is a development tool.',
        body: WebSignInBodySchema,
        response: { 200: SignInResponseSchema, 400: ErrorSchema, 429: ErrorSchema },
        'x-spec-ids': ['E002'],
      },
    },
    async (request) => {
      const body = request.body as WebSignInBody
      const password = 'password' in body ? body.password : await decryptPassword(body.ct, body.salt)
      const row = findUserRow(db, body.username)
      // The same answer, after the same password-hash work, for an unknown user, a bad ct and a wrong
      // password: neither the message nor the time tells which usernames exist.
      if (!verifyPassword(password, row?.password_hash) || !row)
        throw new HttpError(400, 'Invalid username or password.')
      const token = tokens.sign({ username: row.username, role: row.role })
      return {
        message: 'ok' as const,
        token,
        role: row.role,
        readOnly: row.role !== 'admin',
        tags: '',
        id: row.username,
        username: row.username,
      }
    },
  )

  for (const mode of ['saml', 'aad'] as const) {
    const label = mode === 'saml' ? 'SAML' : 'AAD'
    app.get(
      `/${mode}/check`,
      {
        config: { access: { public: true } },
        schema: {
          tags: ['auth'],
          summary: `The token of the ${label}-signed-in user, in ${mode} mode`,
          response: { 200: SsoCheckResponseSchema, 404: ErrorSchema },
          'x-spec-ids': [mode === 'saml' ? 'E003' : 'E004'],
        },
      },
      async () => {
        const row = settings.signInMode === mode ? findUserRow(db, settings.ssoUser) : undefined
        if (!row) throw new HttpError(404, `${label} sign-in is not enabled on this server.`)
        return { token: tokens.sign({ username: row.username, role: row.role }) }
      },
    )
  }

  app.get(
    '/aad/session',
    {
      schema: {
        tags: ['auth'],
        summary:
          'AAD external-logout check, polled every 60 s: 200 while the session lives, 401 once it ended',
        response: { 200: AadSessionResponseSchema, ...unauthorized },
        'x-spec-ids': ['E006'],
      },
    },
    async () => ({ active: true as const }),
  )

  app.get(
    '/api/v1/isValidToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current user, the token expiry and the cluster lists',
        response: { 200: CurrentUserSchema, ...unauthorized },
        'x-spec-ids': ['E005'],
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const row = findUserRow(db, session.username)
      if (!row) throw new HttpError(401, 'Session expired')
      return currentUser(db, row, session.token.exp)
    },
  )
}
