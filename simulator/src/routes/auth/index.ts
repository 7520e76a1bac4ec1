import { authEndpoints as calls, decryptPassword, type WebSignInBody } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { signInRateLimit } from '../../plugins/security.ts'
import { currentUser, findUserRow } from '../../db/repositories/users.ts'
import { verifyPassword } from '../../db/passwords.ts'
import { HttpError } from '../../errors.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** Sign-in and the session (E001-E006), from `authEndpoints`. */
export default async function authRoutes(app: AppInstance) {
  const { db, tokens, settings } = app

  route(app, calls.signInMode, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(settings.signInMode),
  )

  /**
   * webSignIn (the console's) and signIn (the real product's documented call, for its scripts): the
   * same check and answer. The same answer, after the same password-hash work, for an unknown user, a
   * bad ct and a wrong password: neither the message nor the time tells which usernames exist.
   */
  const signIn = async (body: WebSignInBody) => {
    const password = 'password' in body ? body.password : await decryptPassword(body.ct, body.salt)
    const row = findUserRow(db, body.username)
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
  }
  // One limit object for both: each route counts its own per-user tries, and the per-address limit
  // (plugins/security.ts) is one count across every sign-in route.
  const limit = { rateLimit: signInRateLimit(settings.signInPerMinute) }
  route(app, calls.webSignIn, (request) => signIn(request.body), limit)
  route(app, calls.signIn, (request) => signIn(request.body), limit)

  for (const [mode, entry] of [
    ['saml', calls.samlCheck],
    ['aad', calls.aadCheck],
  ] as const)
    route(app, entry, () => {
      const row = settings.signInMode === mode ? findUserRow(db, settings.ssoUser) : undefined
      if (!row)
        throw new HttpError(404, `${mode === 'saml' ? 'SAML' : 'AAD'} sign-in is not enabled on this server.`)
      return { token: tokens.sign({ username: row.username, role: row.role }) }
    })

  route(app, calls.aadSession, () => ({ active: true as const }))

  route(app, calls.isValidToken, (request) => {
    const session = sessionOf(request)
    const row = findUserRow(db, session.username)
    if (!row) throw new HttpError(401, 'Session expired')
    return currentUser(db, row, session.token.exp)
  })
}
