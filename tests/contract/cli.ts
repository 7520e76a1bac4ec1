import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadDocument } from './document.ts'
import { formatReport, runContract, type Credentials } from './run.ts'

/**
 * npm run contract [-- --base-url URL (--user U --password P | --token T) [--allow-writes] [--spec FILE|URL]
 *                     [--paths REGEX] [--runs N]]
 *
 * Checks a backend against the API document: every operation with valid requests (status and body
 * as documented) and with malformed ones (never a 5xx; 4xx in the error shape). With no URL it
 * starts the simulator itself (small scale) and signs in as admin. Read-only by default: operations
 * that change state run only with --allow-writes (or against the simulator it started itself).
 * Exits 1 when an operation fails; writes test-results/contract.json.
 */
const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    token: { type: 'string' },
    'allow-writes': { type: 'boolean', default: false },
    spec: { type: 'string' },
    runs: { type: 'string' },
    paths: { type: 'string' },
    report: { type: 'string', default: 'test-results/contract.json' },
  },
})

function credentialsFrom(): Credentials | undefined {
  if (values.token) return { token: values.token }
  if (values.user && values.password) return { user: values.user, password: values.password }
  return undefined
}

const NO_CREDENTIALS = 'with --base-url, give --user and --password, or --token'

async function main() {
  let baseUrl = values['base-url']
  let credentials = credentialsFrom()
  // Said before the document is built (seconds), so a missing flag is told at once.
  if (baseUrl && !credentials) throw new Error(NO_CREDENTIALS)
  const doc = await loadDocument(values.spec)
  let allowWrites = values['allow-writes']
  let stop: (() => Promise<void>) | undefined

  if (!baseUrl) {
    const { buildApp } = await import('../../simulator/src/app.ts')
    const app = await buildApp({
      dbPath: ':memory:',
      seed: { scale: 'small' },
      logger: false,
      signInPerMinute: 10_000,
    })
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
    stop = () => app.close()
    credentials ??= { user: 'admin', password: 'admin' }
    // Its own throwaway simulator: writes harm nothing, so they are checked too.
    allowWrites = true
  }
  if (!credentials) throw new Error(NO_CREDENTIALS)

  try {
    const report = await runContract({
      baseUrl,
      doc,
      credentials,
      allowWrites,
      badInputRuns: values.runs ? Number(values.runs) : undefined,
      paths: values.paths ? new RegExp(values.paths) : undefined,
    })
    process.stdout.write(formatReport(report) + '\n')
    fs.mkdirSync(path.dirname(values.report), { recursive: true })
    fs.writeFileSync(values.report, JSON.stringify(report, null, 2))
    process.exitCode = report.failed > 0 ? 1 : 0
  } finally {
    await stop?.()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`contract: ${(error as Error).message}\n`)
  process.exitCode = 2
})
