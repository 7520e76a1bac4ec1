import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import { HttpError } from '../errors.ts'

export interface SecurityOptions {
  /** Sign-in attempts allowed per client address and username in a minute. */
  signInPerMinute: number
  /** Sign-in attempts allowed per client address in a minute, whatever the usernames. */
  signInPerAddressPerMinute: number
  /**
   * Origins allowed to embed the console in a frame (B016); 'self' only by default, so another
   * site cannot frame the console to trick a user into clicking (clickjacking).
   */
  frameAncestors: readonly string[]
}

export const DEFAULT_SIGN_IN_PER_MINUTE = 10

/**
 * The per-address limit is this many times the per-user one (50 a minute by default): enough for a
 * room of colleagues behind one NAT signing in at once, far too few to try a list of usernames.
 */
export const SIGN_IN_PER_ADDRESS_FACTOR = 5

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

  // HSTS and upgrade-insecure-requests only make sense on a page served over HTTPS. Over plain HTTP
  // (a demo on a LAN) the first pins the host to HTTPS in some browsers for a year and the second
  // makes them fetch the console's own scripts and API over an https:// that does not answer. So
  // they are taken out of every answer not made over HTTPS, whoever set them (Helmet, the Swagger
  // UI's own policy). request.protocol is the socket's, or X-Forwarded-Proto from a trusted proxy
  // only (TRUST_PROXY): a client cannot claim HTTPS by itself.
  const httpsOnlyHeaders: onSendHookHandler = async (request, reply, payload) => {
    if (request.protocol === 'https') return payload
    reply.removeHeader('strict-transport-security')
    const csp = reply.getHeader('content-security-policy')
    if (typeof csp === 'string') reply.header('content-security-policy', withoutUpgradeDirective(csp))
    return payload
  }
  // As an app hook for answers no route made (404s), and as each route's last onSend hook, after
  // those of plugins (the Swagger UI writes its policy in its own onSend hook). Running twice is
  // harmless.
  app.addHook('onSend', httpsOnlyHeaders)
  app.addHook('onRoute', (route) => {
    route.onSend = [...[route.onSend ?? []].flat(), httpsOnlyHeaders]
  })

  await app.register(rateLimit, { global: false, hook: 'preHandler' })

  // A second limit on every sign-in route, per address alone: the per-user key above lets one address
  // try any number of usernames (60 in a row were never limited). Added here, beside the first, so a
  // route declares only `signInRateLimit` and gets both. The plugin runs one limiter per request, so
  // this one is checked by hand; its default key is the address (an IPv6 client by its /56 subnet,
  // which one client can hop around in).
  const perAddress = app.createRateLimit({ max: options.signInPerAddressPerMinute, timeWindow: 60_000 })
  const perAddressHook: preHandlerAsyncHookHandler = async (request, reply) => {
    const limit = await perAddress(request)
    if (limit.isAllowed || !limit.isExceeded) return
    reply.header('retry-after', limit.ttlInSeconds)
    const after = `${limit.ttlInSeconds} second${limit.ttlInSeconds === 1 ? '' : 's'}`
    throw new HttpError(429, `Too many sign-in attempts from this address. Try again in ${after}.`)
  }
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: object } | undefined)?.rateLimit
    if (!limit || !signInLimits.has(limit)) return
    route.preHandler = [perAddressHook, ...[route.preHandler ?? []].flat()]
  })
}

function withoutUpgradeDirective(csp: string): string {
  return csp
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive.toLowerCase() !== 'upgrade-insecure-requests')
    .join('; ')
}

/** The limits made by signInRateLimit, so registerSecurity can tell sign-in routes apart. */
const signInLimits = new WeakSet<object>()

/**
 * The sign-in route's limit: per client address and username, so one user guessing cannot lock
 * out the others behind the same proxy, and the answer says when to try again. The route also gets
 * the per-address limit of registerSecurity.
 */
export function signInRateLimit(perMinute: number) {
  const limit = {
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
  signInLimits.add(limit)
  return limit
}
