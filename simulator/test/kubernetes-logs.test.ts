import type { KubernetesLogs } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { kubernetesClock } from '../src/db/repositories/kubernetes-common.ts'
import { scanStart } from '../src/db/repositories/kubernetes-logs.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()
const END = TEST_NOW_MS
const START = END - DAY

type Args = Record<string, string | number>
const query = (args: Args) =>
  new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))

describe('Kubernetes container logs (R219, /kubernetes/osd_logs)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({ users: ['k8s', 'emr'] }))
  })
  afterAll(() => app.close())

  const call = (args: Args = {}, user: string | null = 'k8s') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/kubernetes/logs?${query(args)}`,
      headers: user === null ? {} : as(user),
    })
  const logs = async (args: Args = {}) => {
    const res = await call({ startTime: iso(START), endTime: iso(END), ...args })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<KubernetesLogs>()
  }
  /** The window's stored lines, counted straight from the table. */
  const stored = (where = '1') => {
    const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
    return app.db
      .prepare(`SELECT count(*) FROM k8s_log_lines WHERE ts >= ? AND ts < ? AND ${where}`)
      .pluck()
      .get(START - shift, END - shift) as number
  }

  it('shows the last 24 hours newest first, with every line of the window counted', async () => {
    const body = await logs()
    expect(body.lines).toHaveLength(50)
    expect(body.total).toBe(Math.min(10_000, stored()))
    const times = body.lines.map((l) => l.time)
    expect(times).toEqual([...times].sort().reverse())
    expect(Date.parse(times[0]!)).toBeLessThanOrEqual(END)
    expect(Date.parse(times.at(-1)!)).toBeGreaterThanOrEqual(START)
    expect(body.metadata.namespaces).toContain('payments')
    expect(body.metadata.containers).toContain('istio-proxy')
    const defaults = await call()
    expect(defaults.json<KubernetesLogs>().window).toEqual({ startTime: iso(START), endTime: iso(END) })
  })

  it('filters by level: ERROR lines only, and WARN with ERROR', async () => {
    const errors = await logs({ levels: 'ERROR' })
    expect(errors.total).toBe(stored('level = 3'))
    expect(errors.total).toBeGreaterThan(0)
    expect(errors.lines.every((l) => l.level === 'ERROR')).toBe(true)
    const both = await logs({ levels: 'WARN,ERROR', pageSize: 200 })
    expect(both.total).toBe(stored('level >= 2'))
    expect(new Set(both.lines.map((l) => l.level))).toEqual(new Set(['WARN', 'ERROR']))
  })

  it('searches the message text, case-insensitively, wildcards taken literally', async () => {
    const found = await logs({ text: 'REQUEST FAILED', pageSize: 200 })
    expect(found.total).toBeGreaterThan(0)
    expect(found.lines.every((l) => /request failed/i.test(l.message))).toBe(true)
    // A phrase across a template's text and a parameter.
    const status = await logs({ text: 'status=503' })
    expect(status.lines.every((l) => l.message.includes('status=503'))).toBe(true)
    // The memory-pressure lines say '95% of the … limit': a % is a character, not a wildcard.
    const percent = await logs({ text: '%', pageSize: 200 })
    expect(percent.lines.every((l) => l.message.includes('%'))).toBe(true)
    expect((await logs({ text: 'p_yments' })).total).toBe(0)
    expect((await logs({ text: 'no line says this' })).total).toBe(0)
  })

  it("narrows to a namespace, a pod and a container, and a Failed pod's last lines say why", async () => {
    const payments = await logs({ namespace: 'payments', pageSize: 200 })
    expect(payments.lines.every((l) => l.namespace === 'payments')).toBe(true)
    const pod = payments.lines[0]!.pod
    const ofPod = await logs({ pod, pageSize: 200 })
    expect(ofPod.lines.every((l) => l.pod === pod)).toBe(true)
    const sidecar = await logs({ container: 'istio-proxy' })
    expect(sidecar.lines.every((l) => l.container === 'istio-proxy')).toBe(true)
    const failed = app.db
      .prepare("SELECT name, end_time FROM k8s_pods WHERE phase = 'Failed' ORDER BY end_time DESC LIMIT 1")
      .get() as { name: string; end_time: number } | undefined
    if (failed) {
      const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
      const end = failed.end_time + shift
      const last = await logs({
        pod: failed.name,
        startTime: iso(end - DAY),
        endTime: iso(end),
        levels: 'ERROR',
      })
      expect(last.lines[0]?.message).toMatch(/terminated before completion|interrupted/)
    }
  })

  it('pages stably: consecutive pages are the first lines in order, none twice', async () => {
    const whole = await logs({ pageSize: 60 })
    const pages = [
      await logs({ pageSize: 20, page: 1 }),
      await logs({ pageSize: 20, page: 2 }),
      await logs({ pageSize: 20, page: 3 }),
    ]
    expect(pages.flatMap((p) => p.lines.map((l) => l.id))).toEqual(whole.lines.map((l) => l.id))
    expect(new Set(whole.lines.map((l) => l.id)).size).toBe(60)
    // The same page asked again is the same.
    expect((await logs({ pageSize: 20, page: 2 })).lines).toEqual(pages[1]!.lines)
  })

  it('counts every match whichever page is asked, a page past the last match too', async () => {
    const first = await logs({ levels: 'WARN', pageSize: 10 })
    expect(first.total).toBe(stored('level = 2'))
    expect(first.total).toBeGreaterThan(30)
    const pages = Math.ceil(first.total / 10)
    for (const page of [2, pages, pages + 1]) {
      const body = await logs({ levels: 'WARN', pageSize: 10, page })
      expect(body.total, `page ${page}`).toBe(first.total)
      expect(body.lines.length).toBe(Math.max(0, Math.min(10, first.total - (page - 1) * 10)))
    }
    const text = await logs({ text: 'status=50', pageSize: 5, page: 2 })
    expect(text.total).toBe((await logs({ text: 'status=50', pageSize: 200 })).lines.length)
  })

  it("finds where a search's newest lines begin from the hours' counts as a walk of the lines would", () => {
    const shift = kubernetesClock(app.db, TEST_NOW_MS).shift
    const walk = app.db
      .prepare('SELECT ts FROM k8s_log_lines WHERE ts >= ? AND ts < ? ORDER BY ts DESC LIMIT 1 OFFSET ?')
      .pluck()
    const end = END - shift - 1_234_567
    for (const [from, to] of [
      [end - 7 * DAY, end],
      [end - 7 * DAY + 2_345, end - (end % HOUR)],
      [end - 90 * 60_000, end],
      [end - 20 * 60_000, end],
    ] as const)
      for (const nth of [1, 5, 800, 3_000, 20_000, 10_000_000])
        expect(scanStart(app.db, from, to, nth), `${from}-${to} ${nth}`).toBe(walk.get(from, to, nth - 1))
  })

  it.each<[Args, string]>([
    [{ levels: 'FATAL' }, 'querystring/levels must match pattern'],
    [{ text: 'x'.repeat(201) }, 'querystring/text must NOT have more than 200 characters'],
    [{ pageSize: 201 }, 'querystring/pageSize must be <= 200'],
    [{ page: 101, pageSize: 100 }, 'querystring/page: only the first 10000 matching lines are paged'],
    [{ namespace: 'Payments!' }, 'querystring/namespace must match pattern'],
    [{ startTime: iso(END - 31 * DAY) }, 'querystring/startTime: the window is 31 days; at most 30'],
    [
      { startTime: iso(END), endTime: iso(START) },
      'querystring/startTime must not be after querystring/endTime',
    ],
  ])('refuses %j', async (args, message) => {
    const res = await call({ endTime: iso(END), ...args })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toContain(message)
  })

  it('is 401 without a token and 403 for another platform', async () => {
    expect((await call({}, null)).statusCode).toBe(401)
    expect((await call({}, 'emr')).statusCode).toBe(403)
  })
})
