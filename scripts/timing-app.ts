/*
 * What the timing scripts share: the app built on a seeded file with a signed-in persona's headers,
 * and one line of figures per call (p50, p99, max in ms per request).
 */
import { buildApp, type AppInstance } from '../simulator/src/app.ts'

/** The app on `dbPath` and the headers of `user` signed in (its password is its name). */
export async function signedInApp(dbPath: string, user = 'admin') {
  const app = await buildApp({ dbPath, logger: false, signInPerMinute: 10_000 })
  return { app, headers: await signedInHeaders(app, user) }
}

/** The headers of another persona signed in on the same app. */
export async function signedInHeaders(app: AppInstance, user: string) {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/webSignIn',
    payload: { username: user, password: user },
  })
  return { authorization: `JWT ${signIn.json<{ token: string }>().token}` }
}

/** `label  p50 … ms   p99 … ms   max … ms` of the times given, with an optional note after them. */
export function timingLine(label: string, ms: readonly number[], width: number, note = ''): string {
  const sorted = [...ms].sort((x, y) => x - y)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2)
  return `${label.padEnd(width)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   max ${at(1).padStart(7)} ms${note ? `   ${note}` : ''}`
}
