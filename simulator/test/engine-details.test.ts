import type {
  HiveVizJson,
  ImpalaFragment,
  ImpalaOperator,
  TezApp,
  TezDag,
  TezDagSummary,
  TezEvent,
  TezHourAggregation,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { readableApp } from '../src/db/repositories/app-access.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { appLife } from '../src/details/record.ts'
import { frozenTestApp } from './helper.ts'

/**
 * The Hive, Tez and Impala details calls (02 §7; E078, E079, E113-E121) through buildApp(): each
 * agrees with the app's record on ~100 seeded apps per engine, and refuses bad input (400), an app
 * of another engine (400), another platform's app (403), an unknown app (404) and no token (401).
 */

interface AppRef {
  id: string
  kind: string
  cluster_uid: string
  status: string
  task_count: number
  num_jobs: number
  duration: number
  dfs_read: number
  dfs_written: number
  input_tables: string | null
  output_tables: string | null
}

let app: AppInstance
let as: (user: string) => { authorization: string }
const on = (platform: string, where: string, limit = 1, order = 'a.id') =>
  app.db
    .prepare(
      `SELECT a.* FROM applications a JOIN clusters c ON c.unravel_id = a.cluster_uid
       WHERE c.platform = ? AND ${where} ORDER BY ${order} LIMIT ${limit}`,
    )
    .all(platform) as AppRef[]

let tez: AppRef
let impala: AppRef
let hive: AppRef
let spark: AppRef
const other: Record<string, AppRef> = {}

beforeAll(async () => {
  ;({ app, as } = await frozenTestApp({ users: ['admin'] }))
  tez = on('CDH', "a.kind = 'tez' AND a.status = 'S'")[0]!
  impala = on('CDH', "a.kind = 'impala' AND a.status = 'S'")[0]!
  hive = on('CDH', "a.kind = 'hive' AND a.output_tables IS NOT NULL")[0]!
  spark = on('CDH', "a.kind = 'spark'")[0]!
  other.tez = on('HDP', "a.kind = 'tez'")[0]!
  other.hive = on('HDP', "a.kind = 'hive'")[0]!
  other.impala = on('CDP', "a.kind = 'impala'")[0]!
})
afterAll(() => app.close())

const get = (url: string, headers = as('admin')) => app.inject({ method: 'GET', url, headers })
const json = async <T>(url: string): Promise<T> => {
  const res = await get(url)
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json<T>()
}
const dagOf = (id: string) => id.replace(/^application_/, 'dag_') + '_1'
/** The record as the details read it (times in the lists' frame). */
const recordOf = (id: string) => readableApp(app.db, scopeOfPlatform(app.db, 'CDH'), id)

/** Every call, by catalogue id: its engine and its URL for an app (cluster and id). */
const CALLS: [string, 'tez' | 'impala' | 'hive', (cluster: string, id: string) => string][] = [
  ['E114 Tez app', 'tez', (c, id) => `/api/v1/tez/${c}/${id}`],
  ['E115 Tez version', 'tez', (c, id) => `/api/v1/tez/${c}/${id}/version`],
  ['E116 DAG', 'tez', (c, id) => `/api/v1/tez/${c}/${id}/dags/${dagOf(id)}`],
  ['E117 DAG version', 'tez', (c, id) => `/api/v1/tez/${c}/${id}/dags/${dagOf(id)}/version`],
  ['E118 DAG by hour', 'tez', (c, id) => `/api/v1/tez/${c}/${id}/dags/aggregation/${dagOf(id)}/hour`],
  ['E119 DAG list', 'tez', (c, id) => `/api/v1/tez/${c}/${id}/dags/list`],
  ['E120 dag_info', 'tez', (_, id) => `/api/v1/tez/dag_info?app_id=${id}&dag_id=${dagOf(id)}`],
  ['E121 DAG events', 'tez', (c, id) => `/api/v1/tez/${c}/events/${dagOf(id)}`],
  ['E078 Impala operators', 'impala', (_, id) => `/api/v1/impala/${id}/operators`],
  ['E079 Impala fragments', 'impala', (_, id) => `/api/v1/impala/${id}/fragments`],
  ['E113 Hive viz_json', 'hive', (_, id) => `/api/v1/hive/${id}/viz_json`],
]
const of = (kind: string) => ({ tez, impala, hive })[kind as 'tez']
const NAMES = { tez: 'Tez application', impala: 'Impala query', hive: 'Hive query' }

describe('Hive, Tez and Impala details: every call refuses what it must', () => {
  it.each(CALLS)('%s: 200 for an app of the user', async (_, kind, url) => {
    expect((await get(url(of(kind).cluster_uid, of(kind).id))).statusCode).toBe(200)
  })
  it.each(CALLS)('%s: 401 without a token', async (_, kind, url) => {
    const res = await app.inject({ method: 'GET', url: url(of(kind).cluster_uid, of(kind).id) })
    expect(res.statusCode).toBe(401)
  })
  it.each(CALLS)('%s: 403 forbidden for another platform’s app', async (_, kind, url) => {
    const a = other[kind]!
    const res = await get(url(a.cluster_uid, a.id))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(`Information for this application ${a.id} is forbidden.`)
  })
  it.each(CALLS)('%s: 404 not available for an unknown app', async (_, kind, url) => {
    const id = kind === 'impala' ? '00000000000fffff:0000000000000000' : 'application_1_999999'
    const res = await get(url(of(kind).cluster_uid, id))
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(`Information for this application ${id} is not available.`)
  })
  it.each(CALLS)('%s: 400 for a Spark app, naming its type', async (_, kind, url) => {
    const res = await get(url(spark.cluster_uid, spark.id))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(`Application ${spark.id} is a spark application, not a ${NAMES[kind]}.`)
  })
  it.each(CALLS)('%s: 400 for a malformed app id', async (_, kind, url) => {
    const res = await get(url(of(kind).cluster_uid, 'app%20id%3B'))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
  })

  it.each([
    ['a DAG of another app', () => `/api/v1/tez/*/${tez.id}/dags/dag_1_2_1`, 404],
    [
      'the second DAG of a one-DAG app',
      () => `/api/v1/tez/*/${tez.id}/dags/${dagOf(tez.id).replace(/_1$/, '_2')}`,
      404,
    ],
    ['a DAG id that is not one', () => `/api/v1/tez/*/${tez.id}/dags/vertex_1`, 400],
    ['dag_info without its dag_id', () => `/api/v1/tez/dag_info?app_id=${tez.id}`, 400],
    ['dag_info of a DAG of another app', () => `/api/v1/tez/dag_info?app_id=${tez.id}&dag_id=dag_1_2_1`, 404],
    ['the app on another cluster than the path names', () => `/api/v1/tez/cdh-other/${tez.id}`, 403],
    ['the events of an unknown DAG', () => `/api/v1/tez/*/events/dag_1_999999_1`, 404],
  ])('%s answers %i', async (_, url, status) => {
    const res = await get(url())
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().message).toEqual(expect.any(String))
  })

  it('the generic /{type}/{id}/{attempt}/{resource} calls still answer beside the Tez paths', async () => {
    expect((await get(`/api/v1/tez/${tez.id}/1/analysis`)).statusCode).toBe(200)
    expect((await get(`/api/v1/impala/${impala.id}/errorview`)).statusCode).toBe(200)
  })
})

describe('Tez details: the answers agree with the record on 100 apps', () => {
  it('tasks add up to taskCount and the map/reduce columns; times lie inside the life; bytes are the record’s', async () => {
    const apps = on('CDH', "a.kind = 'tez'", 100, 'a.start_time DESC')
    expect(apps.length).toBeGreaterThanOrEqual(100)
    for (const a of apps) {
      const rec = recordOf(a.id)
      const life = appLife(rec, app.clock.now())
      const base = `/api/v1/tez/${a.cluster_uid}/${a.id}`
      const tezApp = await json<TezApp>(base)
      const list = await json<TezDagSummary[]>(`${base}/dags/list`)
      expect(list).toHaveLength(a.num_jobs)
      const dag = await json<TezDag>(`${base}/dags/${list[0]!.dagId}`)
      expect(tezApp.numTasks, a.id).toBe(a.task_count)
      expect(dag.tasks).toHaveLength(a.task_count)
      const [sm, km, fm] = rec.map_tasks.split('/').map(Number)
      const [sr, kr, fr] = rec.reduce_tasks.split('/').map(Number)
      expect(dag.numFailedTasks).toBe(fm! + fr!)
      expect(dag.numKilledTasks).toBe(km! + kr!)
      const maps = dag.vertices.filter((v) => v.kind === 'MAP').reduce((n, v) => n + v.numTasks, 0)
      expect(maps).toBe(sm! + km! + fm!)
      expect(dag.numTasks - maps).toBe(sr! + kr! + fr!)
      if (['S', 'F', 'K', 'R'].includes(a.status)) expect(tezApp.statusCode).toBe(a.status)
      for (const t of dag.tasks) {
        if (t.startTime !== null) expect(t.startTime).toBeGreaterThanOrEqual(life.start)
        if (t.endTime !== null) expect(t.endTime).toBeLessThanOrEqual(life.end)
      }
      expect(dag.vertices.reduce((n, v) => n + v.hdfsBytesRead, 0)).toBe(a.dfs_read)
      expect(dag.vertices.reduce((n, v) => n + v.hdfsBytesWritten, 0)).toBe(a.dfs_written)
      if (a.status === 'F' && fm! + fr! > 0)
        expect(dag.vertices.some((v) => v.status === 'FAILED')).toBe(true)
    }
  })

  it('dag_info is the DAG; hours add up to its task time; events run from submitted to finished', async () => {
    const dagUrl = `/api/v1/tez/${tez.cluster_uid}/${tez.id}/dags/${dagOf(tez.id)}`
    const dag = await json<TezDag>(dagUrl)
    expect(await json<TezDag>(`/api/v1/tez/dag_info?app_id=${tez.id}&dag_id=${dag.dagId}`)).toEqual(dag)
    const hours = await json<TezHourAggregation>(
      `/api/v1/tez/${tez.cluster_uid}/${tez.id}/dags/aggregation/${dag.dagId}/hour`,
    )
    expect(hours.hours.reduce((n, h) => n + h.taskTime, 0)).toBe(
      dag.tasks.reduce((n, t) => n + t.timeTaken, 0),
    )
    const events = await json<TezEvent[]>(`/api/v1/tez/${tez.cluster_uid}/events/${dag.dagId}`)
    expect(events[0]!.eventType).toBe('DAG_SUBMITTED')
    expect(events.at(-1)).toMatchObject({ eventType: 'DAG_FINISHED', status: 'SUCCEEDED', time: dag.endTime })
    expect(events.filter((e) => e.eventType === 'VERTEX_FINISHED')).toHaveLength(dag.vertices.length)
  })
})

describe('Impala details: the answers agree with the record on every query of the platform', () => {
  it('times in ns within the duration, scans read dfs_read, one coordinator fragment', async () => {
    // Every Impala query the admin's platform (CDH) holds at the small scale (88).
    const queries = on('CDH', "a.kind = 'impala'", 100)
    expect(queries.length).toBeGreaterThanOrEqual(80)
    for (const q of queries) {
      const fragments = await json<ImpalaFragment[]>(`/api/v1/impala/${q.id}/fragments`)
      const operators = await json<ImpalaOperator[]>(`/api/v1/impala/${q.id}/operators`)
      const rec = recordOf(q.id)
      const life = appLife(rec, app.clock.now())
      const durationNs = (life.end - life.start) * 1e6
      for (const x of [...fragments, ...operators]) expect(x.maxTime).toBeLessThanOrEqual(durationNs)
      expect(operators.filter((o) => o.type === 'SCAN HDFS').reduce((n, o) => n + o.io, 0)).toBe(q.dfs_read)
      expect(fragments.filter((f) => f.coordinatorFrag)).toHaveLength(1)
      expect(new Set(operators.map((o) => o.pageId))).toEqual(new Set(fragments.map((f) => f.id)))
      expect(fragments.every((f) => (q.status === 'F' ? true : f.status === 'S'))).toBe(true)
    }
  })
})

describe('Hive viz_json: the answers agree with the record on 100 queries', () => {
  it('its SQL names its tables; its job stages are its seeded child apps, in start order', async () => {
    const withChildren = app.db
      .prepare(
        `SELECT DISTINCT p.* FROM applications p JOIN applications c ON c.parent_id = p.id
         JOIN clusters k ON k.unravel_id = p.cluster_uid WHERE k.platform = 'CDH' AND p.kind = 'hive'`,
      )
      .all() as AppRef[]
    expect(withChildren.length).toBeGreaterThan(0)
    const queries = [...withChildren, ...on('CDH', "a.kind = 'hive'", 100 - withChildren.length)]
    for (const q of queries) {
      const viz = await json<HiveVizJson>(`/api/v1/hive/${q.id}/viz_json`)
      const children = app.db
        .prepare('SELECT id, kind FROM applications WHERE parent_id = ? ORDER BY start_time, id')
        .all(q.id) as { id: string; kind: string }[]
      expect(viz.children.map((c) => c.id)).toEqual(children.map((c) => c.id))
      const jobStages = viz.stages.filter((s) => s.type === 'MAPRED' || s.type === 'TEZ')
      if (children.length) expect(jobStages.map((s) => s.appId)).toEqual(children.map((c) => c.id))
      else expect(jobStages).toHaveLength(q.num_jobs)
      expect(viz.query).toContain(`FROM ${q.input_tables}`)
      if (q.output_tables) expect(viz.query).toContain(`INSERT OVERWRITE TABLE ${q.output_tables}`)
    }
  })
})

describe('Tez details: writes to the record show at once', () => {
  it('a move (queue changed) and a kill (status K) change the app view, not a stale copy', async () => {
    const a = on('CDH', "a.kind = 'tez' AND a.status = 'S'", 2)[1]!
    const url = `/api/v1/tez/${a.cluster_uid}/${a.id}`
    expect((await json<TezApp>(url)).status).toBe('SUCCEEDED')
    app.db.prepare("UPDATE applications SET queue = 'root.moved', status = 'K' WHERE id = ?").run(a.id)
    const after = await json<TezApp>(url)
    expect(after).toMatchObject({ queue: 'root.moved', status: 'KILLED', statusCode: 'K' })
  })
})
