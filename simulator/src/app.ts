import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Ajv } from 'ajv'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import formBody from '@fastify/formbody'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fastifyStatic from '@fastify/static'
import autoLoad from '@fastify/autoload'
import { DATE_PARAM_KEYWORD, ERROR_MESSAGE_KEYWORD, type SignInMode } from '@costlens/shared'
import { Clock, parseInstant } from './clock.ts'
import { openDatabase, type Db } from './db/open-database.ts'
import { readSetting } from './db/repositories/settings.ts'
import type { Scale } from './db/seed/scale.ts'
import type { SeedProgress } from './db/seed/progress.ts'
import { registerErrorHandling } from './errors.ts'
import { declareAccess, registerAuthentication } from './plugins/auth.ts'
import { createTokenService, type TokenService } from './plugins/tokens.ts'
import { FaultStore, registerFaultInjection } from './plugins/faults.ts'
import { registerFiniteNumberGuard } from './plugins/finite-numbers.ts'
import { registerIgnoredParams } from './plugins/ignored-params.ts'
import { registerDateParamCheck } from './plugins/date-params.ts'
import { registerBoundedJsonParser } from './plugins/json-depth.ts'
import {
  DEFAULT_SIGN_IN_PER_MINUTE,
  registerSecurity,
  SIGN_IN_PER_ADDRESS_FACTOR,
} from './plugins/security.ts'
import { simControlRoutes } from './routes/sim/index.ts'
import { PdfRenderer, type PdfRendererOptions } from './pdf/pdf-renderer.ts'

/** PDF exports a user may ask for a minute: a person clicks a few; a loop is stopped. */
const DEFAULT_PDF_PER_USER_PER_MINUTE = 20

export interface BuildAppOptions {
  /** SQLite file, or ':memory:'. A missing file is created and seeded; an existing one is reused. */
  dbPath?: string
  seed?: { scale?: Scale; seed?: number; snowflakeUsdPerCredit?: number }
  /** Simulated now (ISO or epoch ms); default the real now. */
  now?: string | number
  signInMode?: SignInMode
  /** The user /saml/check and /aad/check sign in. */
  ssoUser?: string
  /** Told in one line when the database file is seeded (first start, or after an interrupted seed). */
  announce?: (line: string) => void
  /** Told as the first seed of the file goes (the start's progress bars); never by a reset. */
  seedProgress?: SeedProgress
  /** Overrides the per-install secret stored in the database. */
  jwtSecret?: string
  logger?: FastifyServerOptions['logger']
  /** Folder of the built console to serve, with index.html for every other GET. */
  clientDist?: string
  /** The /__sim controls and fault injection; default on (the server decides from HOST and SIM_CONTROL). */
  simControl?: boolean
  /** Sign-in attempts per client and username a minute (429 beyond); default 10. */
  signInPerMinute?: number
  /** Sign-in attempts per client a minute, whatever the usernames; default 5 × signInPerMinute. */
  signInPerAddressPerMinute?: number
  /** Origins besides this one that may embed the console in a frame (B016). */
  frameAncestors?: readonly string[]
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (Fastify's trustProxy: addresses,
   * CIDRs or loopback / linklocal / uniquelocal, or true for any); default none. It decides the
   * client address of the sign-in limits and whether a request came over HTTPS (HSTS and
   * upgrade-insecure-requests are sent only then).
   */
  trustProxy?: boolean | string | string[]
  /**
   * Opens the database in openDatabase's place, with the same arguments. The tests give a copy of
   * a seed made once per run (simulator/test/seed-cache.ts); the server never sets it.
   */
  openDatabase?: typeof openDatabase
  /** The PDF service (POST /ui/export-pdf): its chromium, queue and time limit, and its per-user rate. */
  pdf?: PdfRendererOptions & { perUserPerMinute?: number }
}

export interface AppSettings {
  signInMode: SignInMode
  ssoUser: string
  signInPerMinute: number
  /** PDF exports a user may ask for a minute (429 beyond). */
  pdfPerUserPerMinute: number
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** The PDF service's renderer: its browser starts on the first export (pdf/pdf-renderer.ts). */
    pdf: PdfRenderer
    clock: Clock
    tokens: TokenService
    settings: AppSettings
  }
}

export type AppInstance = FastifyInstance

// The sources run as TypeScript (tsx, Vitest); autoload loads .ts plugins only when told so, and its
// detection of tsx depends on how the loader was preloaded.
process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1'
const ROUTES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'routes')

/** Paths the API owns; any other GET may be a console route (the SPA answers it). */
const API_PREFIXES = ['/api/', '/signInMode', '/saml/', '/aad/', '/ui/', '/openapi.json', '/docs', '/__sim/']

/** The simulator: every test builds one with its own database, the server builds one to listen. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const clock = new Clock(options.now)
  const seed = {
    scale: options.seed?.scale ?? 'demo',
    seed: options.seed?.seed ?? 42,
    snowflakeUsdPerCredit: options.seed?.snowflakeUsdPerCredit,
  } as const
  // Seeded at exactly the given instant (not the ticking clock a few ms later): the same options
  // must give the same data.
  const seededAt = options.now === undefined ? clock.now() : parseInstant(options.now)
  const db = (options.openDatabase ?? openDatabase)(
    options.dbPath ?? ':memory:',
    { ...seed, now: seededAt },
    { announce: options.announce, progress: options.seedProgress },
  )
  const secret = options.jwtSecret ?? readSetting(db, 'jwt_secret')!
  const app = Fastify({
    logger: options.logger ?? false,
    // Unknown body fields are refused, not silently dropped, and unions are not corrupted by removal.
    // (Unknown query parameters are dropped before validation and named: plugins/ignored-params.ts.)
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true },
      // The date parameters' marker (contracts/dates.ts) is an annotation the date check reads.
      // A field's own error message (contracts/common.ts) is an annotation the error handler reads.
      plugins: [
        (ajv: Ajv) => ajv.addKeyword({ keyword: DATE_PARAM_KEYWORD, schemaType: 'string' }),
        (ajv: Ajv) => ajv.addKeyword({ keyword: ERROR_MESSAGE_KEYWORD, schemaType: 'string' }),
      ],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  })
  app.decorate('db', db)
  app.decorate('clock', clock)
  app.decorate('tokens', createTokenService(secret, clock))
  app.decorate('settings', {
    signInMode: options.signInMode ?? 'open',
    ssoUser: options.ssoUser ?? 'admin',
    signInPerMinute: options.signInPerMinute ?? DEFAULT_SIGN_IN_PER_MINUTE,
    pdfPerUserPerMinute: options.pdf?.perUserPerMinute ?? DEFAULT_PDF_PER_USER_PER_MINUTE,
  })
  app.decorate('pdf', new PdfRenderer(options.pdf))
  app.addHook('onClose', async () => db.close())
  app.addHook('onClose', async () => app.pdf.close())

  const clientDist =
    options.clientDist && fs.existsSync(path.join(options.clientDist, 'index.html'))
      ? options.clientDist
      : undefined
  registerErrorHandling(app, {
    // The console's pages: any other GET is a route of the single-page app. Not a security
    // decision (the page holds no data); the prefixes only keep API typos answering 404 in JSON.
    spaFallback: clientDist
      ? (request, reply) =>
          request.method === 'GET' && !API_PREFIXES.some((p) => request.url.startsWith(p))
            ? reply
                .type('text/html')
                .header('Cache-Control', 'no-cache')
                .send(fs.createReadStream(path.join(clientDist, 'index.html')))
            : undefined
      : undefined,
  })
  await registerSecurity(app, {
    signInPerMinute: app.settings.signInPerMinute,
    signInPerAddressPerMinute:
      options.signInPerAddressPerMinute ?? SIGN_IN_PER_ADDRESS_FACTOR * app.settings.signInPerMinute,
    frameAncestors: options.frameAncestors ?? [],
  })
  await app.register(formBody)
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'costlens API',
        version: '0.1.0',
        description:
          'The console REST API as served by the costlens simulator. Send `Authorization: JWT <token>`. ' +
          'A query parameter an operation does not take is ignored and named in the ' +
          '`x-costlens-ignored-params` response header; an unknown field of a JSON body is a 400.',
      },
      components: {
        securitySchemes: {
          jwt: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'JWT <token> from POST /api/v1/webSignIn',
          },
        },
      },
      security: [{ jwt: [] }],
    },
  })
  registerAuthentication(app, db, app.tokens)
  // What anyone may read without signing in: the API document, its UI and the console's own files.
  await app.register(async (publicScope) => {
    declareAccess(publicScope, { public: true })
    // staticCSP: the Swagger UI page gets a policy matching its own assets instead of the console's.
    await publicScope.register(swaggerUi, { routePrefix: '/docs', staticCSP: true })
    publicScope.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
    if (clientDist)
      await publicScope.register(fastifyStatic, {
        root: clientDist,
        wildcard: false,
        index: false,
        decorateReply: false,
        // The build writes a brotli and a gzip copy beside each asset (client/vite.config.ts): sent to
        // a browser that accepts them, a third of the bytes (the first page's JS 800 KB -> 180 KB).
        preCompressed: true,
        // Vite names each built asset by its content hash, so a name never changes meaning: the browser
        // may keep it for good instead of asking again (a 304 round trip per chunk on every screen).
        setHeaders: (reply, filePath) => {
          if (filePath.startsWith(path.join(clientDist, 'assets') + path.sep))
            reply.header('Cache-Control', 'public, max-age=31536000, immutable')
        },
      })
  })

  registerBoundedJsonParser(app)
  registerIgnoredParams(app)
  registerFiniteNumberGuard(app)
  registerDateParamCheck(app)
  if (options.simControl !== false) {
    const faults = new FaultStore()
    registerFaultInjection(app, faults)
    await app.register(simControlRoutes({ faults, seed }))
  }
  // Every domain's routes: each folder of routes/ whose index.ts default-exports a plugin, so a new
  // domain needs no edit here. The simulator controls are registered above, only when enabled.
  await app.register(autoLoad, {
    dir: ROUTES_DIR,
    dirNameRoutePrefix: false,
    ignorePattern: /^(?:sim|route\.ts)$/,
  })
  return app
}
