import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '../src/app.ts'

export const TEST_NOW = '2026-11-22T12:00:00.000Z'
export const TEST_NOW_MS = Date.parse(TEST_NOW)

/** A simulator over a fresh in-memory database, seeded small at a fixed clock. */
export function testApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  return buildApp({
    dbPath: ':memory:',
    seed: { scale: 'small', seed: 7 },
    now: TEST_NOW,
    logger: false,
    // Tests sign in far more often than people do; the limit itself has its own test.
    signInPerMinute: 10_000,
    ...options,
  })
}

export async function signIn(app: FastifyInstance, username: string, password = username): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/webSignIn', payload: { username, password } })
  if (res.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${res.body}`)
  return res.json<{ token: string }>().token
}

export function auth(token: string) {
  return { authorization: `JWT ${token}` }
}
