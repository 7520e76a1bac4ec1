import {
  HBASE_HOST_PREFIX,
  fillPath,
  hbaseEndpoints as calls,
  type Endpoint,
  type HbaseAlertMetric,
  type HbaseClusterMetrics,
  type HbaseRegionServerRow,
  type HbaseRegionsResponse,
  type HbaseSeriesResponse,
  type HbaseTableBasicInfo,
  type HbaseTableRegionInfo,
  type HbaseTableRow,
} from '@costlens/shared'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { alertFor, rowAlert } from '../src/db/repositories/hbase-alerts.ts'
import { hbaseKpi } from '../src/db/repositories/hbase-series.ts'
import { scopeOfPlatform } from '../src/db/repositories/scope.ts'
import { createSchema } from '../src/db/schema.ts'
import { buildClusters } from '../src/db/seed/clusters.ts'
import { HBASE_PRNG_OFFSET, seedHbase } from '../src/db/seed/hbase.ts'
import { createPrng } from '../src/db/seed/prng.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const START_OF_TODAY = Math.floor(TEST_NOW_MS / DAY) * DAY
const PROD = 'cdh-prod-01'
const ETL = 'cdh-etl-02'

describe('HBase (E064-E072)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({
      users: ['admin', 'hdp', 'cdp', 'mapr', 'emr', 'snowflake', 'nohbase'],
      peers: { nohbase: { of: 'admin', role: 'admin' } },
    }))
    app.db
      .prepare(
        `UPDATE users SET profile_json = json_set(profile_json, '$.hBaseEnabled', json('false')) WHERE username = 'nohbase'`,
      )
      .run()
  })
  afterAll(() => app.close())

  const call = (
    entry: Endpoint,
    args: Record<string, string | number> = {},
    user: string | null = 'admin',
  ) => {
    const inPath = entry.path.includes('{clusterUid}')
    const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !(inPath && k === 'clusterUid')))
    const query = new URLSearchParams(
      Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()
    return app.inject({
      method: 'GET',
      url: fillPath(entry.path, args) + (query ? `?${query}` : ''),
      headers: user === null ? {} : as(user),
    })
  }
  const ok = async <T>(entry: Endpoint, args: Record<string, string | number> = {}, user = 'admin') => {
    const res = await call(entry, args, user)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const seriesOf = (body: HbaseSeriesResponse, metric: string) => {
    const found = body.series.find((s) => s.metric === metric)
    expect(found, metric).toBeDefined()
    return found!
  }
  const close = (a: number, b: number, tolerance = 1e-6) =>
    expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.max(tolerance, Math.abs(b) * tolerance))

  describe('cluster metrics (E066)', () => {
    it('lists the HBase clusters of the user, with the figures of their live servers and alerts', async () => {
      const rows = await ok<HbaseClusterMetrics[]>(calls.clusterMetrics)
      expect(rows.map((r) => r.clusterUid).sort()).toEqual([ETL, PROD])
      const prod = rows.find((r) => r.clusterUid === PROD)!
      expect(prod).toMatchObject({ clusterType: 'CDH', numRegionServers: 11, numDeadRegionServers: 1 })
      expect(prod.numDeadRegionServers_alert).toBe('Dead region servers')
      expect(prod.time).toBeLessThanOrEqual(TEST_NOW_MS)
      expect(prod.time).toBeGreaterThan(TEST_NOW_MS - 10 * 60_000)
      // clusterRequests: the live servers' latest read + write rates, straight from the table.
      const expected = app.db
        .prepare(
          `SELECT sum(s.read_rate + s.write_rate) FROM hbase_servers v JOIN hbase_server_series s ON s.server_id = v.id
            WHERE v.cluster_uid = ? AND v.dead_since IS NULL AND s.ts = ?`,
        )
        .pluck()
        .get(PROD, prod.time) as number
      close(prod.clusterRequests!, expected, 1e-4)
      const regions = app.db
        .prepare(
          `SELECT count(*) FROM hbase_regions r JOIN hbase_servers v ON v.id = r.server_id WHERE v.cluster_uid = ?`,
        )
        .pluck()
        .get(PROD) as number
      close(prod.averageLoad!, regions / 11, 0.01)
      expect(prod.memHeapUsedM!).toBeLessThan(prod.memHeapMaxM!)
      expect(prod.memMaxM).toBe(prod.memHeapMaxM)
      expect(prod.ritCount).toBe(0)
      expect(prod.ritCount_alert).toBeUndefined()
    })

    it('gives every Hadoop persona at least one HBase cluster; regions in transition raise alerts', async () => {
      for (const user of ['hdp', 'cdp', 'mapr', 'emr']) {
        const rows = await ok<HbaseClusterMetrics[]>(calls.clusterMetrics, {}, user)
        expect(rows.length, user).toBeGreaterThan(0)
      }
      const [hdp] = await ok<HbaseClusterMetrics[]>(
        calls.clusterMetrics,
        { clusterUid: 'hdp-analytics-01' },
        'hdp',
      )
      expect(hdp).toMatchObject({ ritCount: 2, ritOldestAge: 240_000, ritCountOverThreshold: 1 })
      expect(hdp!.ritOldestAge_alert).toBe('Region stuck in transition')
    })

    it('answers 404 for a cluster the user does not have', async () => {
      expect((await call(calls.clusterMetrics, { clusterUid: 'hdp-analytics-01' })).statusCode).toBe(404)
    })
  })

  describe('KPI series (E064, E072)', () => {
    it('defaults to today 00:00 to now at 1h, one named series per metric with its unit', async () => {
      const body = await ok<HbaseSeriesResponse>(calls.kpi, { clusterUid: PROD })
      expect(body).toMatchObject({ interval: '1h', pointInterval: HOUR })
      expect(body.series.map((s) => s.metric)).toContain('cpuPercent')
      const cpu = seriesOf(body, 'cpuPercent')
      expect(cpu.unit).toBe('%')
      expect(cpu.data.length).toBe(12)
      expect(cpu.data[0]![0]).toBe(START_OF_TODAY)
      for (const [, v] of cpu.data) expect(v).toBeGreaterThan(0)
      for (const [, v] of cpu.data) expect(v).toBeLessThanOrEqual(100)
    })

    it("sums the cluster's rates over its servers' (regionserver family, 5m)", async () => {
      const window = { start_time: TEST_NOW_MS - 2 * HOUR, end_time: TEST_NOW_MS, interval: '5m' }
      const cluster = await ok<HbaseSeriesResponse>(calls.kpi, {
        clusterUid: ETL,
        prefix: 'regionserver',
        ...window,
      })
      const servers = await ok<HbaseRegionServerRow[]>(calls.regionServers, { clusterUid: ETL })
      const perHost = await Promise.all(
        servers.map((s) =>
          ok<HbaseSeriesResponse>(calls.kpi, {
            clusterUid: ETL,
            prefix: 'regionserver',
            host: s.host,
            ...window,
          }),
        ),
      )
      const reads = seriesOf(cluster, 'readRequestsPerSec').data
      expect(reads.length).toBe(24)
      for (const [t, v] of reads) {
        const sum = perHost.reduce(
          (a, h) => a + (seriesOf(h, 'readRequestsPerSec').data.find(([p]) => p === t)?.[1] ?? 0),
          0,
        )
        close(v, sum, 1e-4)
      }
    })

    it('takes a host by its bare FQDN too, and keeps heap under its max (jvm)', async () => {
      const [server] = await ok<HbaseRegionServerRow[]>(calls.regionServers, { clusterUid: ETL })
      const fqdn = server!.host.slice(HBASE_HOST_PREFIX.length)
      const jvm = await ok<HbaseSeriesResponse>(calls.kpi, { clusterUid: ETL, prefix: 'jvm', host: fqdn })
      const max = seriesOf(jvm, 'heapMax').data
      seriesOf(jvm, 'heapUsed').data.forEach(([, used], i) => expect(used).toBeLessThan(max[i]![1]))
      const os = await ok<HbaseSeriesResponse>(calls.regionOsMetrics, { clusterUid: ETL, host: server!.host })
      const kpi = await ok<HbaseSeriesResponse>(calls.kpi, { clusterUid: ETL, host: server!.host })
      expect(os).toEqual(kpi)
    })

    it('stays current as the clock moves on (the series runs a day past the seed), never past now', () => {
      const later = TEST_NOW_MS + 6 * HOUR
      const body = hbaseKpi(app.db, scopeOfPlatform(app.db, 'CDH'), PROD, { interval: '5m' }, later)
      const last = seriesOf(body, 'cpuPercent').data.at(-1)![0]
      expect(last).toBeLessThan(later)
      expect(last).toBeGreaterThanOrEqual(later - 10 * 60_000)
    })

    it('answers 404 for an unknown host', async () => {
      const res = await call(calls.kpi, { clusterUid: PROD, host: 'nope.example.com' })
      expect(res.statusCode).toBe(404)
      expect(
        (await call(calls.regionOsMetrics, { clusterUid: PROD, host: 'nope.example.com' })).statusCode,
      ).toBe(404)
    })

    it('a day at 5m: 288 points in every series of each family (its speed is measured by the bench)', () => {
      const scope = scopeOfPlatform(app.db, 'CDH')
      const q = {
        start_time: String(START_OF_TODAY - DAY),
        end_time: String(START_OF_TODAY),
        interval: '5m' as const,
      }
      for (const prefix of ['os', 'regionserver', 'jvm'] as const) {
        const body = hbaseKpi(app.db, scope, PROD, { ...q, prefix }, TEST_NOW_MS)
        for (const series of body.series) expect(series.data.length, `${prefix} ${series.name}`).toBe(288)
      }
    })
  })

  describe('tables (E065, E068, E069, E070)', () => {
    it("lists the cluster's tables; their requests add up to the servers'", async () => {
      const tables = await ok<HbaseTableRow[]>(calls.tableMetrics, { clusterUid: ETL })
      const servers = await ok<HbaseRegionServerRow[]>(calls.regionServers, { clusterUid: ETL })
      expect(tables.map((t) => t.table)).toContain('hbase:meta')
      expect(tables.every((t) => t.table === `${t.namespace}:${t.tableName}`)).toBe(true)
      const sum = (rows: { readRequestCount: number | null }[]) =>
        rows.reduce((a, r) => a + (r.readRequestCount ?? 0), 0)
      close(sum(tables), sum(servers), 1e-3)
      for (const t of tables) {
        expect(t.percentFilesLocal!).toBeGreaterThanOrEqual(55)
        expect(t.tableSize!).toBeGreaterThanOrEqual(t.storeFileSize!)
        close(t.averageRegionSize!, t.tableSize! / t.regionCount, 1e-3)
        expect(t.alert === null || t.alert.length > 0).toBe(true)
        if (t.percentFilesLocal! <= 70) expect(t.alert).toContain('Low data locality')
      }
    })

    it('keeps the tables with a region on a host (the region server drill), and one namespace', async () => {
      const [server] = await ok<HbaseRegionServerRow[]>(calls.regionServers, { clusterUid: PROD })
      const tables = await ok<HbaseTableRow[]>(calls.tableMetrics, { clusterUid: PROD, host: server!.host })
      const regions = await ok<HbaseRegionsResponse>(calls.regionMetrics, {
        clusterUid: PROD,
        host: server!.host,
        size: 1000,
      })
      expect(regions.total).toBe(regions.regions.length)
      expect(tables.map((t) => t.table).sort()).toEqual(
        [...new Set(regions.regions.map((r) => r.table))].sort(),
      )
      const ns = tables.find((t) => t.namespace !== 'hbase' && t.namespace !== 'default')!.namespace
      const inNs = await ok<HbaseTableRow[]>(calls.tableMetrics, { clusterUid: PROD, namespace: ns })
      expect(inNs.length).toBeGreaterThan(0)
      expect(inNs.every((t) => t.namespace === ns)).toBe(true)
      expect(
        await ok<HbaseTableRow[]>(calls.tableMetrics, { clusterUid: PROD, host: 'nope.example.com' }),
      ).toEqual([])
    })

    it("gives a table's descriptor, its regions and their spread, which agree", async () => {
      const tables = await ok<HbaseTableRow[]>(calls.tableMetrics, { clusterUid: PROD })
      const big = [...tables].sort((a, b) => b.regionCount - a.regionCount)[0]!
      const info = await ok<HbaseTableBasicInfo>(calls.tableBasicInfo, { clusterUid: PROD, table: big.table })
      const spread = await ok<HbaseTableRegionInfo>(calls.tableRegionInfo, {
        clusterUid: PROD,
        table: big.table,
      })
      expect(info).toMatchObject({
        table: big.table,
        regionCount: big.regionCount,
        storeFileSize: big.storeFileSize,
      })
      expect(info.columnFamilies.length).toBeGreaterThan(0)
      expect(spread.regions.length).toBe(big.regionCount)
      expect(spread.servers.reduce((a, s) => a + s.regionCount, 0)).toBe(big.regionCount)
      expect(info.regionServerCount).toBe(spread.servers.length)
      close(
        spread.regions.reduce((a, r) => a + r.storeFileSize, 0),
        info.storeFileSize,
        1e-6 + spread.regions.length / info.storeFileSize,
      )
      const keys = spread.regions.map((r) => r.startKey)
      expect(keys).toEqual([...keys].sort())
      expect(keys[0]).toBe('')
      // The dotted form and the bare name of a default table are taken too.
      const dotted = await ok<HbaseTableBasicInfo>(calls.tableBasicInfo, {
        clusterUid: PROD,
        table: big.table.replace(':', '.'),
      })
      expect(dotted.table).toBe(big.table)
    })

    it("gives a table's series: its regions' shares, adding up to the cluster's", async () => {
      const window = { start_time: TEST_NOW_MS - 3 * HOUR, end_time: TEST_NOW_MS, interval: '15m' }
      const tables = await ok<HbaseTableRow[]>(calls.tableMetrics, { clusterUid: ETL })
      const perTable = await Promise.all(
        tables.map((t) =>
          ok<HbaseSeriesResponse>(calls.tableKpi, { clusterUid: ETL, table: t.table, ...window }),
        ),
      )
      const cluster = await ok<HbaseSeriesResponse>(calls.kpi, {
        clusterUid: ETL,
        prefix: 'regionserver',
        ...window,
      })
      for (const metric of ['writeRequestsPerSec', 'memStoreSize'])
        for (const [t, v] of seriesOf(cluster, metric).data)
          close(
            perTable.reduce((a, s) => a + (seriesOf(s, metric).data.find(([p]) => p === t)?.[1] ?? 0), 0),
            v,
            1e-4,
          )
    })

    it('answers 404 for an unknown table', async () => {
      for (const entry of [calls.tableKpi, calls.tableBasicInfo, calls.tableRegionInfo])
        expect((await call(entry, { clusterUid: PROD, table: 'default:nope' })).statusCode).toBe(404)
      const none = await ok<HbaseRegionsResponse>(calls.regionMetrics, {
        clusterUid: PROD,
        table: 'default:nope',
      })
      expect(none).toEqual({ regions: [], total: 0 })
    })
  })

  describe('region servers and regions (E071, E067)', () => {
    it('lists the servers with the prefixed host, a dead one with no figures', async () => {
      const rows = await ok<HbaseRegionServerRow[]>(calls.regionServers, { clusterUid: PROD })
      expect(rows.length).toBe(12)
      for (const r of rows) expect(r.host.startsWith(HBASE_HOST_PREFIX)).toBe(true)
      expect(HBASE_HOST_PREFIX).toHaveLength(18)
      const dead = rows.filter((r) => r.dead)
      expect(dead.length).toBe(1)
      expect(dead[0]).toMatchObject({ readRequestCount: null, storeFileSize: null, regionCount: null })
      expect(dead[0]!.alert).toContain('Region server is dead')
      for (const r of rows.filter((x) => !x.dead)) {
        expect(r.percentFilesLocal!).toBeGreaterThanOrEqual(55)
        close(r.averageRegionSize!, r.tableSize! / r.regionCount!, 1e-3)
        const slow =
          r.slowPutCount! + r.slowIncrementCount! + r.slowGetCount! + r.slowDeleteCount! + r.slowAppendCount!
        expect(r.alert).toBe(
          rowAlert({
            percentFilesLocal: r.percentFilesLocal,
            compactionQueueLength: r.compactionQueueLength,
            hlogFileSize: r.hlogFileSize,
            slowOps: slow,
            regionCount: r.regionCount,
            averageRegionSize: r.averageRegionSize,
          }),
        )
      }
    })

    it("counts a server's requests of the window from its stored buckets; its regions add up to it", async () => {
      const window = { start_time: START_OF_TODAY, end_time: TEST_NOW_MS }
      const rows = await ok<HbaseRegionServerRow[]>(calls.regionServers, { clusterUid: PROD, ...window })
      const live = rows.find((r) => !r.dead)!
      const stored = app.db
        .prepare(
          `SELECT sum(read_rate) * 300 FROM hbase_server_series s JOIN hbase_servers v ON v.id = s.server_id
            WHERE v.host = ? AND s.ts >= ? AND s.ts < ?`,
        )
        .pluck()
        .get(live.host, START_OF_TODAY, TEST_NOW_MS) as number
      expect(live.readRequestCount).toBe(Math.round(stored))
      const regions = await ok<HbaseRegionsResponse>(calls.regionMetrics, {
        clusterUid: PROD,
        host: live.host,
        size: 1000,
        ...window,
      })
      expect(regions.regions.length).toBe(live.regionCount)
      close(
        regions.regions.reduce((a, r) => a + r.readRequestCount!, 0),
        live.readRequestCount!,
        regions.regions.length / live.readRequestCount!,
      )
      const sizes = regions.regions.map((r) => r.storeFileSize)
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
      expect(regions.regions.every((r) => r.host === live.host)).toBe(true)
      const capped = await ok<HbaseRegionsResponse>(calls.regionMetrics, {
        clusterUid: PROD,
        host: live.host,
        size: 3,
      })
      expect(capped.regions.length).toBe(3)
      expect(capped.total).toBe(live.regionCount)
    })
  })

  describe('bad input and access', () => {
    const series = { clusterUid: PROD }
    it.each([
      ['a bad interval', { ...series, interval: '2m' }],
      ['start after end', { ...series, start_time: TEST_NOW_MS, end_time: TEST_NOW_MS - HOUR }],
      ['a window over 31 days', { ...series, start_time: TEST_NOW_MS - 40 * DAY, end_time: TEST_NOW_MS }],
      ['over 2,000 points', { ...series, start_time: TEST_NOW_MS - 8 * DAY, interval: '5m' }],
      ['an overlong host', { ...series, host: 'h'.repeat(301) }],
      ['a bad prefix', { ...series, prefix: 'kernel' }],
      ['a bad date', { ...series, start_time: 'yesterday' }],
    ])('answers 400 to %s, in the spec error shape', async (_, args) => {
      const res = await call(calls.kpi, args)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) })
    })

    it('says why a series has too many points', async () => {
      const res = await call(calls.kpi, { ...series, start_time: TEST_NOW_MS - 8 * DAY, interval: '5m' })
      expect(res.json().message).toMatch(/at most 2000/)
    })

    it('answers 400 to an overlong or malformed table, and a missing one where it is required', async () => {
      expect((await call(calls.tableKpi, { clusterUid: PROD, table: 'x'.repeat(256) })).statusCode).toBe(400)
      expect((await call(calls.tableKpi, { clusterUid: PROD, table: 'a b' })).statusCode).toBe(400)
      expect((await call(calls.tableKpi, { clusterUid: PROD, table: ':x' })).statusCode).toBe(400)
      expect((await call(calls.tableBasicInfo, { clusterUid: PROD })).statusCode).toBe(400)
      expect((await call(calls.regionOsMetrics, { clusterUid: PROD })).statusCode).toBe(400)
    })

    const everyCall = Object.entries(calls).map(([name, entry]) => ({ name, entry }))
    it.each(everyCall)(
      '$name: 403 for another platform, 403 with HBase off, 401 without a token',
      async ({ entry }) => {
        const args = { clusterUid: PROD, table: 'hbase:meta', host: 'x' }
        expect((await call(entry, args, 'snowflake')).statusCode).toBe(403)
        const off = await call(entry, args, 'nohbase')
        expect(off.statusCode).toBe(403)
        expect(off.json().message).toMatch(/hBaseEnabled/)
        expect((await call(entry, args, null)).statusCode).toBe(401)
      },
    )

    it("answers 404 for another platform's cluster, a non-HBase cluster or none", async () => {
      for (const clusterUid of ['hdp-analytics-01', 'cdh-dev-03', 'nope'])
        expect((await call(calls.regionServers, { clusterUid })).statusCode, clusterUid).toBe(404)
    })
  })
})

describe('HBase seed', () => {
  it('is deterministic for (seed, scale, now) and keeps its numbers in range', () => {
    const dump = () => {
      const db = new Database(':memory:')
      db.pragma('foreign_keys = OFF')
      createSchema(db as never)
      const clusters = buildClusters(createPrng(7), TEST_NOW_MS, 4)
      const insert = db.prepare(
        `INSERT INTO clusters (unravel_id, display_name, cluster_name, kind, platform, region, node_count, created_at, terminated_at)
         VALUES (@unravelId, @displayName, @clusterName, @kind, @platform, @region, @nodeCount, @createdAt, @terminatedAt)`,
      )
      for (const c of clusters) insert.run(c)
      seedHbase(db as never, createPrng(7 + HBASE_PRNG_OFFSET), clusters, TEST_NOW_MS, 'small')
      const rows = ['hbase_servers', 'hbase_tables', 'hbase_regions', 'hbase_server_series'].map(
        (t) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number,
      )
      const sums = db
        .prepare(
          `SELECT total(read_rate), total(store_file_bytes), total(slow_get), min(ts), max(ts) FROM hbase_server_series`,
        )
        .get()
      const ranges = db
        .prepare(
          `SELECT min(locality) AS lo, max(locality) AS hi, (SELECT max(abs(s - 1)) FROM
             (SELECT sum(read_share) AS s FROM hbase_regions GROUP BY server_id)) AS shareError FROM hbase_regions`,
        )
        .get() as { lo: number; hi: number; shareError: number }
      db.close()
      return { rows, sums, ranges }
    }
    const first = dump()
    expect(dump()).toEqual(first)
    expect(first.ranges.lo).toBeGreaterThanOrEqual(55)
    expect(first.ranges.hi).toBeLessThanOrEqual(100)
    expect(first.ranges.shareError).toBeLessThan(1e-9)
  })
})

describe('HBase alert thresholds (G87)', () => {
  const GB = 1024 ** 3
  it.each<[HbaseAlertMetric, number | null, string | null]>([
    ['numDeadRegionServers', 0, null],
    ['numDeadRegionServers', 1, 'Dead region servers'],
    ['averageLoad', 299.9, null],
    ['averageLoad', 300, 'High region load per server'],
    ['RpcQueueTime_avg_time', 49.99, null],
    ['RpcQueueTime_avg_time', 50, 'High RPC queue time'],
    ['heapUsedPercent', 84.9, null],
    ['heapUsedPercent', 85, 'High heap usage'],
    ['nonHeapUsedPercent', 90, 'High non-heap usage'],
    ['ritCount', 0, null],
    ['ritCount', 1, 'Regions in transition'],
    ['ritOldestAge', 59_999, null],
    ['ritOldestAge', 60_000, 'Region stuck in transition'],
    ['ritCountOverThreshold', 1, 'Regions in transition over threshold'],
    ['percentFilesLocal', 70.1, null],
    ['percentFilesLocal', 70, 'Low data locality'],
    ['compactionQueueLength', 19, null],
    ['compactionQueueLength', 20, 'Long compaction queue'],
    ['hlogFileSize', 4 * GB - 1, null],
    ['hlogFileSize', 4 * GB, 'Large WAL'],
    ['slowOps', 199, null],
    ['slowOps', 200, 'Many slow operations'],
    ['averageRegionSize', 12 * GB, 'Regions too large'],
    ['regionCount', 400, 'Too many regions'],
    ['dead', 0, null],
    ['dead', 1, 'Region server is dead'],
    ['percentFilesLocal', null, null],
  ])('%s = %s → %s', (metric, value, text) => {
    expect(alertFor(metric, value)).toBe(text)
  })

  it("joins a row's alerts with '; ', null when none (the console shows Good)", () => {
    expect(rowAlert({ dead: 0, percentFilesLocal: 99 })).toBeNull()
    expect(rowAlert({ percentFilesLocal: 60, compactionQueueLength: 30 })).toBe(
      'Low data locality; Long compaction queue',
    )
  })
})
