/*
 * Times the application-list queries (POST /apps/unifiedsearch) through the app, as the console
 * sends them: the rows of the benchmark (bench/hand-rows.ts unifiedSearches) and the searches whose totals
 * the rollups answer differently since issue 18 dropped their sparse grains (a user or queue with a
 * type, inefficient apps with a status, insight names with a type or status). 200 varied bodies per
 * row, drawn from the seeded users, queues and event names; p50 and p99 in ms per request, and
 * the same of the process's CPU time per request (what a request costs when the machine is shared
 * and the wall clock also counts the waits for a core). No assertion: figures for reading. Open a
 * copy of a seeded file (the app may write to it).
 *
 *   npx tsx scripts/apps-list-timing.ts DB_PATH
 */
import { unifiedSearches } from '../bench/hand-rows.ts'
import { readVocabulary } from '../bench/vocabulary.ts'
import { createPrng } from '../simulator/src/db/seed/prng.ts'
import { signedInApp, timingLine } from './timing-app.ts'

const dbPath = process.argv[2]
if (!dbPath) throw new Error('usage: npx tsx scripts/apps-list-timing.ts DB_PATH')
const { app, headers } = await signedInApp(dbPath)

const vocabulary = readVocabulary(app.db)
const { users, queues, kinds } = vocabulary
const INEFFICIENT_NAMES = [
  'Contended Driver',
  'Data Skew',
  'Too Many Partitions',
  'Memory Over-allocation',
  'Small Files',
]

const DAY = 86_400_000
const HOURS = [1, 2, 6, 12, 24]
const VARIANTS = 200
const now = Date.now()
const prng = createPrng(2026)
const window = (maxDays: number) => {
  const end = now - prng.int(0, 3) * DAY - prng.int(0, 23) * 3_600_000
  const span = maxDays > 1 ? prng.int(1, maxDays) * DAY : prng.pick(HOURS) * 3_600_000
  return { start_time: end - span, end_time: end }
}
const page = (size: number) => ({ from: 0, size })
const many = (make: () => object) => Array.from({ length: VARIANTS }, make)

const ROWS: [string, object[]][] = [
  // The benchmark's own rows, the same bodies it sends.
  ...unifiedSearches(now, vocabulary).map((row): [string, object[]] => [
    row.name,
    (row.variants ?? []).map((v) => v.body as object),
  ]),
  // Issue 18: one user's or queue's page sorted by duration or cost reads its window index (their
  // duration and cost indexes went); one kind's still walks its own part.
  [
    'one user, queue or kind, by duration or cost, 1-7 days',
    many(() => ({
      ...window(7),
      ...page(15),
      ...prng.pick([
        { users: [prng.pick(users)] },
        { queues: [prng.pick(queues)] },
        { appTypes: [prng.pick(kinds)] },
      ]),
      ...(prng.chance(0.3) ? { queryOnFinishedTime: true, appStatus: ['S', 'F', 'K'] } : {}),
      sort: [{ [prng.pick(['duration', 'cost'])]: { order: prng.pick(['asc', 'desc']) } }],
    })),
  ],
  [
    'changed: user or queue with a type, 1-7 days',
    many(() => ({
      ...window(7),
      ...page(15),
      ...(prng.chance(0.5) ? { users: [prng.pick(users)] } : { queues: [prng.pick(queues)] }),
      appTypes: [prng.pick(kinds)],
      sort: [{ startTime: { order: 'desc' } }],
    })),
  ],
  [
    'changed: inefficient with a status or type, 1-7 days',
    many(() => ({
      ...window(7),
      ...page(50),
      eventTypes: [2, 6],
      ...(prng.chance(0.5)
        ? { appStatus: prng.pick([['S'], ['F', 'K']]) }
        : { appTypes: [prng.pick(kinds)] }),
      ...(prng.chance(0.5) ? { insights: [prng.pick(INEFFICIENT_NAMES)] } : {}),
      sort: [{ startTime: { order: 'desc' } }],
    })),
  ],
  [
    // Issue 18 (file size): app_rollups keeps no status variant of the kind slice; these total from
    // the full rows of 'all', which keep kind and status (as many rows), and walk the kind's index.
    'changed: one kind with statuses, 1-7 days, any sort',
    many(() => ({
      ...window(7),
      ...page(15),
      appTypes: [prng.pick(kinds)],
      appStatus: prng.pick([['S'], ['F', 'K'], ['S', 'F', 'K']]),
      ...(prng.chance(0.3) ? { queryOnFinishedTime: true } : {}),
      sort: [{ [prng.pick(['startTime', 'duration', 'cost'])]: { order: prng.pick(['asc', 'desc']) } }],
    })),
  ],
  [
    'changed: two insight names with a type or status, 1-7 days',
    many(() => ({
      ...window(7),
      ...page(50),
      insights: [prng.pick(INEFFICIENT_NAMES.slice(0, 2)), prng.pick(INEFFICIENT_NAMES.slice(2))],
      ...(prng.chance(0.5) ? { appStatus: [prng.pick(['S', 'F'])] } : { appTypes: [prng.pick(kinds)] }),
      sort: [{ startTime: { order: 'desc' } }],
    })),
  ],
]

console.log(`${dbPath}: ${VARIANTS} bodies per row`)
for (const [label, bodies] of ROWS) {
  for (const body of bodies.slice(0, 20))
    await app.inject({ method: 'POST', url: '/api/v1/apps/unifiedsearch', headers, payload: body })
  const ms: number[] = []
  const cpuMs: number[] = []
  for (const body of bodies) {
    const t = performance.now()
    const cpu = process.cpuUsage()
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/apps/unifiedsearch',
      headers,
      payload: body,
    })
    ms.push(performance.now() - t)
    const used = process.cpuUsage(cpu)
    cpuMs.push((used.user + used.system) / 1000)
    if (res.statusCode !== 200)
      throw new Error(`${label} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`)
  }
  console.log(timingLine(label, ms, 58))
  console.log(timingLine('  CPU', cpuMs, 58))
}
await app.close()
