import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { planRows } from '../bench/plan.ts'
import { readVocabulary } from '../bench/vocabulary.ts'
import { buildApp } from '../simulator/src/app.ts'

/**
 * The answers of every load-table row's varied requests (bench/plan.ts) on one seeded file, at a
 * frozen now, as one line per request (row, request, status, sha1 of the body): run on the same
 * seed before and after a storage change and `diff` the outputs to show every answer is
 * byte-identical. A change of storage (codes for texts, an index) must change no answer.
 *
 * With --plans FILE, every statement the answers prepared and its query plan, sorted: diffed
 * before and after, it shows each query whose index changed (a covering scan that now reads rows).
 *
 * npx tsx scripts/answers-digest.ts --db FILE --now ISO --out FILE [--variants N] [--rows TEXT] [--plans FILE]
 */
const prepared = new Set<string>()
const prepare = Database.prototype.prepare
Database.prototype.prepare = function (this: Database.Database, sql: string) {
  prepared.add(sql)
  return prepare.call(this, sql)
} as typeof prepare
const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    now: { type: 'string' },
    out: { type: 'string' },
    variants: { type: 'string', default: '200' },
    rows: { type: 'string' },
    plans: { type: 'string' },
  },
})
if (!values.db || !values.now || !values.out) throw new Error('--db, --now and --out are required')
const now = Date.parse(values.now)
const vocabulary = (() => {
  const db = new Database(values.db, { readonly: true })
  try {
    return readVocabulary(db)
  } finally {
    db.close()
  }
})()
const planned = planRows({ now, vocabulary, variants: Number(values.variants) }).filter(
  (row) => row.endpoint && (!values.rows || row.name.includes(values.rows)),
)
const app = await buildApp({ dbPath: values.db, now, logger: false, signInPerMinute: 1_000_000 })
app.clock.freeze()
app.clock.set(now)
const tokens = new Map<string, string>()
const tokenOf = async (user: string) => {
  const known = tokens.get(user)
  if (known) return known
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/webSignIn',
    payload: { username: user, password: user },
  })
  const token = signIn.json<{ token: string }>().token
  tokens.set(user, token)
  return token
}
const lines: string[] = []
let requests = 0
const cpuMs: Record<string, number> = {}
for (const row of planned) {
  const cpuStart = process.cpuUsage()
  const endpoint = row.endpoint!
  const headers = endpoint.auth ? { authorization: `JWT ${await tokenOf(endpoint.user ?? 'admin')}` } : {}
  const variants = endpoint.variants ?? [{}]
  for (const [i, variant] of variants.entries()) {
    const url = variant.path ?? endpoint.path
    const body = variant.body ?? endpoint.body
    const answer = await app.inject({
      method: endpoint.method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    })
    const sha = createHash('sha1').update(answer.rawPayload).digest('hex')
    lines.push(`${row.name}\t${i}\t${answer.statusCode}\t${sha}\t${url}\t${JSON.stringify(body ?? null)}`)
    requests++
  }
  const cpu = process.cpuUsage(cpuStart)
  cpuMs[row.name] = (cpu.user + cpu.system) / 1000
}
if (values.plans) {
  const plans: string[] = []
  for (const sql of [...prepared].sort()) {
    if (!/^\s*(SELECT|WITH)/i.test(sql)) continue
    let plan: string
    try {
      // Every parameter bound to NULL: the plan is the statement's, whatever the values.
      const named = Object.fromEntries([...sql.matchAll(/[@:$](\w+)/g)].map((m) => [m[1], null]))
      const positional = [...sql.matchAll(/\?/g)].map(() => null)
      const explain = prepare.call(app.db, `EXPLAIN QUERY PLAN ${sql}`) as Database.Statement
      const binds = Object.keys(named).length ? [...positional, named] : positional
      const rows = explain.all(...binds) as { detail: string }[]
      plan = rows.map((r) => `  ${r.detail}`).join('\n')
    } catch (error) {
      plan = `  (${(error as Error).message})`
    }
    plans.push(`${sql.replace(/\s+/g, ' ').trim()}\n${plan}`)
  }
  writeFileSync(values.plans, plans.join('\n') + '\n')
}
await app.close()
writeFileSync(values.out, lines.join('\n') + '\n')
console.log(`${requests} answers of ${planned.length} rows into ${values.out}`)
// The CPU each row's requests took in this process (inject: no network), to compare two files.
for (const [name, ms] of Object.entries(cpuMs)) console.log(`${ms.toFixed(0).padStart(8)} ms CPU  ${name}`)
