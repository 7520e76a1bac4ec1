import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordDerivations } from '../src/db/passwords.ts'
import { testApp } from './helper.ts'

// Counts the password-hash derivations a sign-in runs, so the test proves every refusal costs the
// same work instead of timing it (wall-clock asserts are flaky on a shared machine).
const derivations = {
  since: 0,
  reset() {
    this.since = passwordDerivations()
  },
  get count() {
    return passwordDerivations() - this.since
  },
}

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

const signInWith = (instance: FastifyInstance, username: string, password: string) =>
  instance.inject({ method: 'POST', url: '/api/v1/webSignIn', payload: { username, password } })

describe('sign-in takes the same work whether the user exists or not', () => {
  it.each([
    ['a wrong password', () => 'admin'],
    ['an unknown user', () => 'nobody-by-this-name'],
    [
      'an account without a local password (directory colleague)',
      () =>
        (
          app.db.prepare("SELECT username FROM users WHERE password_hash = 'none' LIMIT 1").get() as {
            username: string
          }
        ).username,
    ],
  ])('%s runs exactly one password-hash derivation, as a right password does', async (_label, user) => {
    derivations.reset()
    const refused = await signInWith(app, user(), 'wrong-password')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('Invalid username or password.')
    expect(derivations.count).toBe(1)

    derivations.reset()
    expect((await signInWith(app, 'admin', 'admin')).statusCode).toBe(200)
    expect(derivations.count).toBe(1)
  })
})

describe('sign-in limit per address across usernames', () => {
  it('60 different usernames from one address meet 429 before the end, with Retry-After', async () => {
    // The default limits (10 per address and username, so 50 per address), as a demo runs them.
    const limited = await testApp({ signInPerMinute: undefined })
    try {
      let blocked: Awaited<ReturnType<typeof signInWith>> | undefined
      let attempts = 0
      for (let i = 0; i < 60 && !blocked; i++) {
        const res = await signInWith(limited, `guess-${i}`, 'wrong')
        attempts += 1
        if (res.statusCode === 429) blocked = res
        else expect(res.statusCode).toBe(400)
      }
      expect(blocked, 'no 429 after 60 usernames').toBeDefined()
      expect(attempts).toBe(51)
      expect(blocked!.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Too many sign-in attempts from this address. Try again in /),
      })
      expect(Number(blocked!.headers['retry-after'])).toBeGreaterThan(0)
      // The right password of a real user is refused too while the address is blocked.
      expect((await signInWith(limited, 'admin', 'admin')).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('the per-address limit follows its own setting', async () => {
    const limited = await testApp({ signInPerMinute: 100, signInPerAddressPerMinute: 4 })
    try {
      for (let i = 0; i < 4; i++) expect((await signInWith(limited, `u${i}`, 'x')).statusCode).toBe(400)
      expect((await signInWith(limited, 'u4', 'x')).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
