import { buildApp } from './app.ts'
import { isLoopback, readConfig } from './config.ts'
import { DatabaseUnreadableError } from './db/open-database.ts'
import { createSeedProgressBar, formatSeconds } from './db/seed/progress-bar.ts'
import { warmAppIndexes } from './db/repositories/warm-app-indexes.ts'

/** Exit codes a wrapper script can tell apart. */
const EXIT_BAD_CONFIG = 1
const EXIT_PORT_IN_USE = 2
const EXIT_DB_UNREADABLE = 3

function fail(message: string, code: number): never {
  process.stderr.write(`costlens: ${message}\n`)
  process.exit(code)
}

async function main() {
  let config
  try {
    config = readConfig()
  } catch (error) {
    fail((error as Error).message, EXIT_BAD_CONFIG)
  }
  let app
  // A first start seeds the file: a bar per step (lines in a log), then one line with the times.
  const seedProgress = createSeedProgressBar(process.stdout)
  let seedingSince: number | undefined
  try {
    app = await buildApp({
      dbPath: config.dbPath,
      // Before the logger runs: "Seeding …", or that an interrupted seed is being redone.
      announce: (line) => {
        seedingSince = performance.now()
        process.stdout.write(`${line}\n`)
      },
      seedProgress,
      seed: { scale: config.scale, seed: config.seed, snowflakeUsdPerCredit: config.snowflakeUsdPerCredit },
      now: config.now,
      signInMode: config.signInMode,
      ssoUser: config.ssoUser,
      jwtSecret: config.jwtSecret,
      clientDist: config.clientDist,
      simControl: config.simControl,
      signInPerMinute: config.signInPerMinute,
      signInPerAddressPerMinute: config.signInPerAddressPerMinute,
      frameAncestors: config.frameAncestors,
      trustProxy: config.trustProxy,
      pdf: { perUserPerMinute: config.pdfPerUserPerMinute },
      logger: { level: process.env.LOG_LEVEL ?? 'info' },
    })
  } catch (error) {
    if (error instanceof DatabaseUnreadableError) fail(error.message, EXIT_DB_UNREADABLE)
    throw error
  }
  if (seedingSince !== undefined)
    process.stdout.write(
      `Seeded (${formatSeconds(performance.now() - seedingSince)}): ${seedProgress.summary()}\n`,
    )

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      fail(`Port ${config.port} is already in use. Set PORT to another port.`, EXIT_PORT_IN_USE)
    throw error
  }
  // Which way SIM_CONTROL went and why (it follows HOST unless set): a warning when the controls are
  // open to other machines.
  if (config.simControl && !isLoopback(config.host)) app.log.warn(config.simControlReason)
  else app.log.info(config.simControlReason)
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`
  app.log.info(
    `costlens console and API on ${url} (sign-in mode ${config.signInMode}); personas in the README, e.g. admin / admin`,
  )
  // The apps' in-process indexes, built now rather than by the first request that reads them.
  setImmediate(() => {
    if (closing) return
    try {
      app.log.info(warmAppIndexes(app.db), 'application indexes built')
    } catch (error) {
      // Not fatal: the first request that reads them builds them (and answers the error, if any).
      app.log.warn({ err: error }, 'application indexes not built ahead')
    }
  })
}

await main()
