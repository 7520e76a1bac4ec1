import type { FastifyInstance, FastifyRequest } from 'fastify'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'

export interface SecurityOptions {
  /** Sign-in attempts allowed per client address and username in a minute. */
  signInPerMinute: number
  /**
   * Origins allowed to embed the console in a frame (B016); 'self' only by default, so another
   * site cannot frame the console to trick a user into clicking (clickjacking).
   */
  frameAncestors: readonly string[]
}

export const DEFAULT_SIGN_IN_PER_MINUTE = 10

/**
 * The security baseline: strict headers with a Content-Security-Policy that allows only this
 * origin's scripts, and a sign-in rate limit against password guessing. The body limit (413) and
 * the bare 500s are set where the app and its error handler are built.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes (sizes, CSS variables); scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...options.frameAncestors],
      },
    },
    // frame-ancestors above decides framing; X-Frame-Options cannot list other origins.
    frameguard: false,
    // The API is read cross-origin by a console built with COSTLENS_API_URL; CORS decides that.
    crossOriginResourcePolicy: { policy: 'same-site' },
  })

  await app.register(rateLimit, { global: false, hook: 'preHandler' })
}

/**
 * The sign-in route's limit: per client address and username, so one user guessing cannot lock
 * out the others behind the same proxy, and the answer says when to try again.
 */
export function signInRateLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}:${String((request.body as { username?: unknown } | undefined)?.username ?? '')}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string; statusCode: number }) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: `Too many sign-in attempts. Try again in ${context.after}.`,
    }),
  }
}
