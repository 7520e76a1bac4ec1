/*
 * Times bench rows in-process, over exactly the requests the load table sends (bench/plan.ts), so a
 * row's figure can be taken on a loaded machine without autocannon, and names the requests that make
 * its p99. Each row: its variants once as warm-up, then once timed; p50, p99 and max in ms per
 * request (wall clock), the same of the process's CPU time (steadier on a loaded machine), then the
 * slowest requests. No assertion.
 *
 *   npx tsx scripts/bench-rows-timing.ts DB_PATH [TEXT…]   a seeded database (a copy: the app writes
 *                                                          to it); rows whose name contains a TEXT
 *   SLOWEST=n   how many of the slowest requests to print per row (default 3)
 */
import { planRows } from '../bench/plan.ts'
import { readVocabulary } from '../bench/vocabulary.ts'
import { signedInHeaders, signedInApp, timingLine } from './timing-app.ts'

const [dbPath, ...texts] = process.argv.slice(2)
if (!dbPath) throw new Error('usage: npx tsx scripts/bench-rows-timing.ts DB_PATH [TEXT…]')
const slowest = Number(process.env.SLOWEST ?? 3)
const { app, headers } = await signedInApp(dbPath)
const planned = planRows({ now: Date.now(), vocabulary: readVocabulary(app.db) }).filter(
  (row) => row.endpoint && (!texts.length || texts.some((text) => row.name.includes(text))),
)
const personas = new Map<string, Record<string, string>>([['admin', headers]])
for (const row of planned) {
  const { endpoint } = row
  if (!endpoint) continue
  const user = endpoint.user ?? 'admin'
  if (!personas.has(user)) personas.set(user, await signedInHeaders(app, user))
  const variants = endpoint.variants ?? [{ path: endpoint.path, body: endpoint.body }]
  // Each request, then a turn of the event loop: a tight loop of inject() calls never reaches the
  // loop's setImmediate queue, so every answer stays alive until the row ends (the heap grew ~17 MB a
  // row and its collections made the p99), which a server under real HTTP traffic never sees.
  const send = async (v: { path?: string; body?: unknown }) => {
    const res = await app.inject({
      method: endpoint.method,
      url: v.path ?? endpoint.path,
      headers: personas.get(user),
      ...(v.body === undefined ? {} : { payload: v.body as Record<string, unknown> }),
    })
    await new Promise((resolve) => setImmediate(resolve))
    return res
  }
  for (const v of variants) await send(v)
  const timed: { ms: number; cpuMs: number; variant: (typeof variants)[number]; status: number }[] = []
  for (const v of variants) {
    const start = performance.now()
    const cpu = process.cpuUsage()
    const res = await send(v)
    const used = process.cpuUsage(cpu)
    timed.push({
      ms: performance.now() - start,
      cpuMs: (used.user + used.system) / 1000,
      variant: v,
      status: res.statusCode,
    })
  }
  const bad = timed.filter((t) => t.status >= 400).length
  console.log(
    timingLine(
      row.name,
      timed.map((t) => t.ms),
      34,
      `budget ${row.budget.p50Ms}/${row.budget.p99Ms}${bad ? `, ${bad} answered ≥ 400` : ''}`,
    ),
  )
  console.log(
    timingLine(
      '  CPU time',
      timed.map((t) => t.cpuMs),
      34,
    ),
  )
  for (const t of [...timed].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, slowest))
    console.log(
      `    ${t.cpuMs.toFixed(1).padStart(7)} ms CPU  ${t.variant.path ?? ''} ${JSON.stringify(t.variant.body ?? '')}`,
    )
}
await app.close()
