import {
  EsClusterRowSchema,
  EsIndexRowSchema,
  EsNodeRowSchema,
  KibanaClusterRowSchema,
  LogstashDeploymentRowSchema,
  LogstashNodeRowSchema,
  LogstashPipelineRowSchema,
  elasticsearchEndpoints as es,
  fillPath,
  kibanaEndpoints as kb,
  logstashEndpoints as ls,
  type ElkSeriesResponse,
  type Endpoint,
  type EsClusterRow,
  type EsIndicesResponse,
  type EsNodeRow,
  type KibanaClusterRow,
  type KibanaInstanceRow,
  type LogstashDeploymentRow,
  type LogstashNodeRow,
  type LogstashPipelineRow,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const START_OF_TODAY = Math.floor(TEST_NOW_MS / DAY) * DAY
const LOGS = 'es-logs-cdh-prod-01'
const SEARCH = 'es-search-cdh-prod-01'
const TODAYS_INDEX = `logs-app-${new Date(TEST_NOW_MS).toISOString().slice(0, 10).replaceAll('-', '.')}`
const YESTERDAY = { start_time: START_OF_TODAY - DAY, end_time: START_OF_TODAY }

type Args = Record<string, string | number | boolean | string[]>
const keysOf = (schema: { properties: object }) => Object.keys(schema.properties).sort()

describe('Elasticsearch, Logstash and Kibana (E153)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({
      users: ['admin', 'hdp', 'snowflake', 'elktrial'],
      peers: { elktrial: { of: 'trial', role: 'user' } },
    }))
    app.db
      .prepare(
        `UPDATE users SET profile_json = json_set(profile_json, '$.elkEnabled', json('true')) WHERE username = 'elktrial'`,
      )
      .run()
  })
  afterAll(() => app.close())

  const call = (entry: Endpoint, args: Args = {}, user: string | null = 'admin') => {
    const inPath = new Set([...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries(args))
      if (!inPath.has(k)) for (const one of Array.isArray(v) ? v : [v]) query.append(k, String(one))
    const search = query.toString()
    return app.inject({
      method: 'GET',
      url: fillPath(entry.path, args as Record<string, string>) + (search ? `?${search}` : ''),
      headers: user === null ? {} : as(user),
    })
  }
  const ok = async <T>(entry: Endpoint, args: Args = {}, user = 'admin') => {
    const res = await call(entry, args, user)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const refused = async (status: number, entry: Endpoint, args: Args, pattern: RegExp, user = 'admin') => {
    const res = await call(entry, args, user)
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json<{ message: string }>().message).toMatch(pattern)
  }
  const close = (a: number, b: number, tolerance = 1e-6) =>
    expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.max(0.01, Math.abs(b) * tolerance))
  const allIndices = (cluster: string, args: Args = {}) =>
    ok<EsIndicesResponse>(es.indices, { cluster, system: true, size: 500, ...args })

  describe('Elasticsearch lists', () => {
    it('lists the user’s clusters with every documented field; one is yellow now', async () => {
      const rows = await ok<EsClusterRow[]>(es.clusters)
      expect(rows.map((r) => r.cluster)).toEqual([LOGS, SEARCH])
      for (const r of rows) expect(Object.keys(r).sort()).toEqual(keysOf(EsClusterRowSchema))
      const logs = rows[0]!
      expect(logs).toMatchObject({ clusterUid: 'cdh-prod-01', clusterType: 'CDH', nodes: 9, dataNodes: 5 })
      expect(logs.time).toBe(TEST_NOW_MS)
      expect(logs.status).toBe('yellow')
      expect(logs.unassignedShards + logs.initializingShards).toBeGreaterThan(0)
      expect(logs.activeShards).toBeLessThan(2 * logs.primaryShards)
      expect(rows[1]!.status).toBe('green')
      expect(logs.indices).toBeGreaterThanOrEqual(20)
      expect(logs.indices).toBeLessThanOrEqual(80)
      expect(logs.kibanaInstances).toBe(2)
      expect(logs.logstashNodes).toBe(4)
    })

    it.each([
      ['today', {}],
      ['yesterday', YESTERDAY],
    ])('a cluster’s figures are its indices’ sums (%s)', async (_when, window) => {
      const [cluster] = await ok<EsClusterRow[]>(es.clusters, window)
      const list = await allIndices(LOGS, window)
      expect(list.total).toBe(cluster!.indices)
      expect(list.indices.reduce((a, i) => a + i.docsCount, 0)).toBe(cluster!.docsCount)
      expect(list.indices.reduce((a, i) => a + i.storeSizeBytes, 0)).toBe(cluster!.storeSizeBytes)
      close(
        list.indices.reduce((a, i) => a + i.indexingRatePerSec, 0),
        cluster!.indexingRatePerSec,
        1e-4,
      )
      close(
        list.indices.reduce((a, i) => a + i.searchRatePerSec, 0),
        cluster!.searchRatePerSec,
        1e-4,
      )
      const nodes = await ok<EsNodeRow[]>(es.nodes, { cluster: LOGS, ...window })
      close(
        nodes.reduce((a, n) => a + n.indexingRatePerSec, 0),
        cluster!.indexingRatePerSec,
        1e-4,
      )
    })

    it('lists nodes with roles, one elected master, heap and disk', async () => {
      const nodes = await ok<EsNodeRow[]>(es.nodes, { cluster: LOGS })
      expect(nodes).toHaveLength(9)
      for (const n of nodes) expect(Object.keys(n).sort()).toEqual(keysOf(EsNodeRowSchema))
      expect(nodes.filter((n) => n.master)).toHaveLength(1)
      expect(nodes.filter((n) => n.roles.includes('data'))).toHaveLength(5)
      for (const n of nodes) {
        expect(n.heapPercent).toBeGreaterThan(0)
        expect(n.heapPercent).toBeLessThan(100)
        expect(n.diskUsedBytes).toBeLessThan(n.diskTotalBytes)
        if (!n.roles.includes('data')) expect(n.docsCount).toBe(0)
      }
    })

    it('pages, sorts, searches the index list; system indices only when asked; today’s log index is yellow', async () => {
      const all = await allIndices(LOGS)
      for (const i of all.indices) expect(Object.keys(i).sort()).toEqual(keysOf(EsIndexRowSchema))
      const plain = await ok<EsIndicesResponse>(es.indices, { cluster: LOGS })
      expect(plain.indices.every((i) => !i.system)).toBe(true)
      expect(plain.total).toBe(all.total - all.indices.filter((i) => i.system).length)
      const today = all.indices.find((i) => i.index === TODAYS_INDEX)!
      expect(today.health).toBe('yellow')
      expect(today.indexingRatePerSec).toBeGreaterThan(0)
      const byDocs = await ok<EsIndicesResponse>(es.indices, {
        cluster: LOGS,
        sort: 'docsCount',
        size: 5,
        from: 2,
      })
      expect(byDocs.indices).toHaveLength(5)
      const docs = byDocs.indices.map((i) => i.docsCount)
      expect(docs).toEqual([...docs].sort((a, b) => b - a))
      const sorted = [...plain.indices].sort(
        (a, b) => b.docsCount - a.docsCount || a.index.localeCompare(b.index),
      )
      expect(byDocs.indices.map((i) => i.index)).toEqual(sorted.slice(2, 7).map((i) => i.index))
      const health = await ok<EsIndicesResponse>(es.indices, { cluster: LOGS, sort: 'health', size: 1 })
      expect(health.indices[0]!.health).toBe('yellow')
      const logs = await ok<EsIndicesResponse>(es.indices, { cluster: LOGS, search: 'logs-app-', size: 500 })
      expect(logs.total).toBeGreaterThanOrEqual(31)
      expect(logs.indices.every((i) => i.index.startsWith('logs-app-'))).toBe(true)
      await refused(400, es.indices, { cluster: LOGS, sort: 'size' }, /sort/)
    })
  })

  describe('Elasticsearch series', () => {
    it('defaults to today at 1h, every cluster metric; indexing per point is the indices’ sum', async () => {
      const res = await ok<ElkSeriesResponse>(es.clusterKpi, { cluster: LOGS })
      expect(res).toMatchObject({ cluster: LOGS, kpiType: 'cluster', interval: '1h', pointInterval: HOUR })
      expect(res.series.map((s) => s.metric)).toEqual([
        'search_rate',
        'search_latency',
        'indexing_rate',
        'indexing_latency',
        'jvm_mem_heap_used_in_bytes',
        'jvm_mem_heap_max_in_bytes',
        'jvm_gc_collectors_young_collection_count',
        'jvm_gc_collectors_young_collection_time_in_millis',
        'jvm_gc_collectors_old_collection_count',
        'jvm_gc_collectors_old_collection_time_in_millis',
      ])
      const indexing = res.series.find((s) => s.metric === 'indexing_rate')!
      expect(indexing.data.map(([t]) => t)).toEqual(
        Array.from({ length: 12 }, (_, i) => START_OF_TODAY + i * HOUR),
      )
      const indices = await ok<ElkSeriesResponse>(es.indexKpi, { cluster: LOGS })
      expect(indices.series.every((s) => s.metric === 'indexing_rate' && s.index)).toBe(true)
      indexing.data.forEach(([, v], k) => {
        // Non-system indices only: the system indices take a few millionths of the writes.
        close(
          indices.series.reduce((a, s) => a + (s.data[k]?.[1] ?? 0), 0),
          v,
          1e-3,
        )
      })
    })

    it('answers a day at 1m on the minute grid, one node’s every metric, one index’s every metric', async () => {
      const res = await ok<ElkSeriesResponse>(es.clusterKpi, {
        cluster: LOGS,
        interval: '1m',
        prefix: 'search_rate',
      })
      const data = res.series[0]!.data
      expect(data).toHaveLength(12 * 60)
      expect(data.every(([t], i) => t === START_OF_TODAY + i * MINUTE)).toBe(true)
      const node = await ok<ElkSeriesResponse>(es.nodeKpi, { cluster: LOGS, node: 'es-data-01' })
      expect(node.series).toHaveLength(8)
      expect(node.series.every((s) => s.node === 'es-data-01')).toBe(true)
      const heap = node.series.find((s) => s.metric === 'heap_percent')!
      expect(heap.unit).toBe('%')
      const every = await ok<ElkSeriesResponse>(es.nodeKpi, { cluster: LOGS })
      expect(every.series.map((s) => s.metric)).toEqual(Array(9).fill('heap_percent'))
      const index = await ok<ElkSeriesResponse>(es.indexKpi, {
        cluster: LOGS,
        index: TODAYS_INDEX,
        interval: '1d',
      })
      expect(index.series).toHaveLength(8)
      expect(index.series[0]!.data).toEqual([[START_OF_TODAY, expect.any(Number)]])
    })

    it('heap at a point is the cluster list’s for a window ending then; GC per point sums to the nodes’ totals', async () => {
      const res = await ok<ElkSeriesResponse>(es.clusterKpi, { cluster: LOGS })
      const byMetric = new Map(res.series.map((s) => [s.metric, s]))
      const used = byMetric.get('jvm_mem_heap_used_in_bytes')!
      const max = byMetric.get('jvm_mem_heap_max_in_bytes')!
      expect([used.unit, max.unit]).toEqual(['bytes', 'bytes'])
      for (const k of [0, 3, 7]) {
        const [t, v] = used.data[k]!
        const [row] = await ok<EsClusterRow[]>(es.clusters, { start_time: START_OF_TODAY, end_time: t })
        expect(v).toBe(row!.jvmHeapUsedBytes)
        expect(max.data[k]![1]).toBe(row!.jvmHeapMaxBytes)
        expect(v).toBeGreaterThan(0.2 * row!.jvmHeapMaxBytes)
        expect(v).toBeLessThan(row!.jvmHeapMaxBytes)
      }
      for (const interval of ['1h', '1m']) {
        const gc = await ok<ElkSeriesResponse>(es.clusterKpi, { cluster: LOGS, interval })
        const nodes = await ok<EsNodeRow[]>(es.nodes, { cluster: LOGS })
        const total = (metric: string) =>
          gc.series.find((s) => s.metric === metric)!.data.reduce((a, [, v]) => a + v, 0)
        const young = gc.series.find((s) => s.metric === 'jvm_gc_collectors_young_collection_count')!
        expect(young.unit).toBe('collections')
        expect(young.data.every(([, v]) => Number.isInteger(v) && v >= 0)).toBe(true)
        expect(total('jvm_gc_collectors_young_collection_count')).toBe(
          nodes.reduce((a, n) => a + n.youngGcCount, 0),
        )
        expect(total('jvm_gc_collectors_young_collection_time_in_millis')).toBe(
          nodes.reduce((a, n) => a + n.youngGcTimeMs, 0),
        )
        expect(total('jvm_gc_collectors_old_collection_count')).toBe(
          nodes.reduce((a, n) => a + n.oldGcCount, 0),
        )
        expect(total('jvm_gc_collectors_old_collection_time_in_millis')).toBe(
          nodes.reduce((a, n) => a + n.oldGcTimeMs, 0),
        )
      }
      // Every data node collects a few times an hour at least; a young collection takes 12-22 ms.
      const hourly = res.series.find((s) => s.metric === 'jvm_gc_collectors_young_collection_count')!
      const times = res.series.find((s) => s.metric === 'jvm_gc_collectors_young_collection_time_in_millis')!
      hourly.data.slice(0, -1).forEach(([, n], k) => {
        expect(n).toBeGreaterThanOrEqual(5 * 6)
        expect(times.data[k]![1]).toBeGreaterThanOrEqual(11 * n)
        expect(times.data[k]![1]).toBeLessThanOrEqual(23 * n)
      })
    })

    it('refuses too many points, a long window, bad intervals, dates and metrics', async () => {
      const twoDays = { cluster: LOGS, start_time: TEST_NOW_MS - 2 * DAY, end_time: TEST_NOW_MS }
      await refused(400, es.clusterKpi, { ...twoDays, interval: '1m' }, /at most 2000 per series/)
      await refused(400, es.clusterKpi, { cluster: LOGS, start_time: TEST_NOW_MS - 40 * DAY }, /at most 31/)
      await refused(400, es.clusterKpi, { cluster: LOGS, interval: '2h' }, /interval/)
      await refused(400, es.clusterKpi, { cluster: LOGS, start_time: 'yesterday' }, /start_time/)
      await refused(
        400,
        es.clusterKpi,
        { cluster: LOGS, start_time: TEST_NOW_MS, end_time: TEST_NOW_MS - DAY },
        /after/,
      )
      await refused(400, es.nodeKpi, { cluster: LOGS, prefix: 'heap' }, /prefix/)
      const month = await ok<ElkSeriesResponse>(es.clusterKpi, {
        cluster: LOGS,
        start_time: TEST_NOW_MS - 31 * DAY,
        end_time: TEST_NOW_MS,
      })
      expect(month.series[0]!.data).toHaveLength(31 * 24)
    })
  })

  describe('Logstash', () => {
    it('lists deployments, nodes and pipelines that add up; out <= filtered <= in', async () => {
      const deployments = await ok<LogstashDeploymentRow[]>(ls.kpis)
      expect(deployments.map((d) => d.cluster)).toEqual([LOGS, SEARCH])
      for (const d of deployments) expect(Object.keys(d).sort()).toEqual(keysOf(LogstashDeploymentRowSchema))
      const nodes = await ok<LogstashNodeRow[]>(ls.nodes)
      const pipelines = await ok<LogstashPipelineRow[]>(ls.pipelines)
      for (const n of nodes) expect(Object.keys(n).sort()).toEqual(keysOf(LogstashNodeRowSchema))
      for (const p of pipelines) expect(Object.keys(p).sort()).toEqual(keysOf(LogstashPipelineRowSchema))
      for (const d of deployments) {
        const mine = nodes.filter((n) => n.cluster === d.cluster)
        const flows = pipelines.filter((p) => p.cluster === d.cluster)
        expect(mine).toHaveLength(d.nodes)
        expect(flows).toHaveLength(d.pipelines)
        close(
          mine.reduce((a, n) => a + n.eventsInPerSec, 0),
          d.eventsInPerSec,
          1e-4,
        )
        close(
          flows.reduce((a, p) => a + p.eventsOutPerSec, 0),
          d.eventsOutPerSec,
          1e-4,
        )
        expect(d.eventsOutPerSec).toBeLessThanOrEqual(d.eventsFilteredPerSec)
        expect(d.eventsFilteredPerSec).toBeLessThanOrEqual(d.eventsInPerSec)
      }
      const one = await ok<LogstashDeploymentRow[]>(ls.kpis, { cluster: SEARCH })
      expect(one).toEqual([deployments[1]])
      await refused(404, ls.kpis, { cluster: 'es-logs-hdp-01' }, /No Elasticsearch cluster/)
    })

    it('the nodes’ series and the pipelines’ series sum to the same events; metrics repeat', async () => {
      const nodes = await ok<ElkSeriesResponse>(ls.nodesKpi, { metrics: ['kpi_events_in', 'kpi_events_out'] })
      const pipes = await ok<ElkSeriesResponse>(ls.pipelinesKpi, {})
      expect(nodes).toMatchObject({ cluster: null, kpiType: 'logstash', interval: '1h' })
      expect(nodes.series.map((s) => s.metric)).toEqual(['kpi_events_in', 'kpi_events_out'])
      nodes.series[1]!.data.forEach(([t, v], k) => {
        expect(pipes.series[1]!.data[k]![0]).toBe(t)
        close(pipes.series[1]!.data[k]![1], v, 1e-6)
      })
      const one = await ok<ElkSeriesResponse>(ls.nodesKpi, { metrics: 'kpi_events_out', cluster: LOGS })
      expect(one.series).toHaveLength(1)
      const pipeline = await ok<ElkSeriesResponse>(ls.pipelineKpi, { pipeline: 'beats-to-es' })
      expect(pipeline).toMatchObject({ kpiType: 'pipeline' })
      expect(pipeline.series.every((s) => s.pipeline === 'beats-to-es')).toBe(true)
      const node = await ok<ElkSeriesResponse>(ls.nodeKpi, { node: 'logstash-prod-logs-01', interval: '5m' })
      expect(node.series).toHaveLength(9)
      expect(node.series[0]!.data).toHaveLength(12 * 12)
      await refused(400, ls.nodesKpi, { metrics: 'events' }, /metrics/)
    })

    it('events filtered over the day are the deployment’s figure; queues at a point are the lists’ then', async () => {
      const [row] = await ok<LogstashDeploymentRow[]>(ls.kpis, { cluster: LOGS })
      const day = await ok<ElkSeriesResponse>(ls.nodesKpi, { cluster: LOGS, interval: '1d' })
      const filtered = day.series.find((s) => s.metric === 'kpi_events_filtered')!
      expect(filtered.unit).toBe('events/s')
      close(filtered.data[0]![1], row!.eventsFilteredPerSec, 1e-6)
      const hourly = await ok<ElkSeriesResponse>(ls.nodesKpi, { cluster: LOGS })
      const of = (res: ElkSeriesResponse, metric: string) => res.series.find((s) => s.metric === metric)!
      expect(of(hourly, 'kpi_queue_events_count').unit).toBe('events')
      expect(of(hourly, 'kpi_queue_size_in_bytes').unit).toBe('bytes')
      const pipeline = await ok<ElkSeriesResponse>(ls.pipelineKpi, { pipeline: 'beats-to-es', cluster: LOGS })
      for (const k of [1, 5, 9]) {
        const [t, queued] = of(hourly, 'kpi_queue_events_count').data[k]!
        const then = { cluster: LOGS, start_time: START_OF_TODAY, end_time: t }
        const [d] = await ok<LogstashDeploymentRow[]>(ls.kpis, then)
        const rows = await ok<LogstashPipelineRow[]>(ls.pipelines, then)
        expect(queued).toBe(d!.persistedQueueEvents)
        expect(of(hourly, 'kpi_queue_size_in_bytes').data[k]![1]).toBe(
          rows.reduce((a, r) => a + r.persistedQueueSizeBytes, 0),
        )
        const beats = rows.find((r) => r.pipeline === 'beats-to-es')!
        expect(of(pipeline, 'pipeline_queue_events_count').data[k]![1]).toBe(beats.persistedQueueEvents)
        expect(of(pipeline, 'pipeline_queue_size_in_bytes').data[k]![1]).toBe(beats.persistedQueueSizeBytes)
        // A few seconds to a minute of what comes in waits; a persisted queue's pages are at least 64 MB.
        expect(queued).toBeLessThanOrEqual(90 * of(hourly, 'kpi_events_in').data[k]![1])
        expect(of(hourly, 'kpi_queue_size_in_bytes').data[k]![1]).toBeGreaterThanOrEqual(64 * 1024 * 1024)
      }
      const node = await ok<ElkSeriesResponse>(ls.nodeKpi, { node: 'logstash-prod-logs-01' })
      expect(of(node, 'kpi_events_filtered').data).toEqual(of(node, 'kpi_events_out').data)
    })

    it.each([
      ['an unknown node', ls.nodeKpi, { node: 'logstash-nope' }, /No Logstash node/],
      ['another platform’s node', ls.nodeKpi, { node: 'logstash-hdp-01' }, /No Logstash node/],
      ['an unknown pipeline', ls.pipelineKpi, { pipeline: 'nope' }, /No Logstash pipeline/],
    ])('answers 404 for %s', async (_how, entry, args, pattern) => {
      await refused(404, entry, args, pattern)
    })
  })

  describe('Kibana', () => {
    it('lists Kibana per cluster; the requests over today at 1m add up to the row', async () => {
      const rows = await ok<KibanaClusterRow[]>(kb.clusters)
      expect(rows.map((r) => r.cluster)).toEqual([LOGS, SEARCH])
      for (const r of rows) expect(Object.keys(r).sort()).toEqual(keysOf(KibanaClusterRowSchema))
      const instances = await ok<KibanaInstanceRow[]>(kb.instances, { cluster: LOGS })
      expect(instances).toHaveLength(2)
      expect(instances.reduce((a, i) => a + i.requestsTotal, 0)).toBe(rows[0]!.requestsTotal)
      const res = await ok<ElkSeriesResponse>(kb.clusterKpi, {
        cluster: LOGS,
        prefix: 'metrics_requests_total',
      })
      expect(res).toMatchObject({ interval: '1m', pointInterval: MINUTE, kpiType: 'cluster' })
      expect(res.series[0]!.data).toHaveLength(12 * 60)
      close(
        res.series[0]!.data.reduce((a, [, v]) => a + v, 0),
        rows[0]!.requestsTotal,
        1e-4,
      )
      const week = await ok<ElkSeriesResponse>(kb.clusterKpi, {
        cluster: LOGS,
        start_time: TEST_NOW_MS - 3 * DAY,
      })
      expect(week).toMatchObject({ interval: '1h' })
      expect(week.series).toHaveLength(6)
      const one = await ok<ElkSeriesResponse>(kb.clusterKpi, {
        cluster: LOGS,
        instance: 'kibana-prod-logs-02',
      })
      expect(one).toMatchObject({ kpiType: 'instance' })
      await refused(404, kb.clusterKpi, { cluster: LOGS, instance: 'kibana-nope' }, /No Kibana instance/)
    })

    it('response times: over the day they are the list’s figures; per minute max above average, bounded', async () => {
      const [row] = await ok<KibanaClusterRow[]>(kb.clusters)
      const instances = await ok<KibanaInstanceRow[]>(kb.instances, { cluster: LOGS })
      const day = await ok<ElkSeriesResponse>(kb.clusterKpi, { cluster: LOGS, interval: '1d' })
      const of = (res: ElkSeriesResponse, metric: string) => res.series.find((s) => s.metric === metric)!
      expect(of(day, 'metrics_response_times_avg_in_millis').unit).toBe('ms')
      close(of(day, 'metrics_response_times_avg_in_millis').data[0]![1], row!.responseTimeAvgMs, 1e-4)
      close(of(day, 'metrics_response_times_max_in_millis').data[0]![1], row!.responseTimeMaxMs, 1e-6)
      const one = await ok<ElkSeriesResponse>(kb.clusterKpi, {
        cluster: LOGS,
        interval: '1d',
        instance: instances[1]!.instance,
      })
      expect(of(one, 'metrics_response_times_avg_in_millis').data[0]![1]).toBe(
        instances[1]!.responseTimeAvgMs,
      )
      expect(of(one, 'metrics_response_times_max_in_millis').data[0]![1]).toBe(
        instances[1]!.responseTimeMaxMs,
      )
      const minutes = await ok<ElkSeriesResponse>(kb.clusterKpi, { cluster: LOGS })
      const avg = of(minutes, 'metrics_response_times_avg_in_millis').data
      const max = of(minutes, 'metrics_response_times_max_in_millis').data
      expect(avg).toHaveLength(12 * 60)
      avg.forEach(([, v], k) => {
        expect(v).toBeGreaterThan(0)
        expect(max[k]![1]).toBeGreaterThanOrEqual(4 * v * 0.8)
        expect(max[k]![1]).toBeLessThanOrEqual(8 * 1.15 * 3 * v)
      })
    })

    it('counts requests for whole points only: the minute still filling is left out, gauges keep it', async () => {
      const res = await ok<ElkSeriesResponse>(kb.clusterKpi, {
        cluster: LOGS,
        end_time: TEST_NOW_MS - 30_000,
      })
      const byMetric = new Map(res.series.map((s) => [s.metric, s.data]))
      expect(byMetric.get('metrics_requests_total')).toHaveLength(12 * 60 - 1)
      expect(byMetric.get('metrics_requests_disconnects')).toHaveLength(12 * 60 - 1)
      expect(byMetric.get('metrics_process_memory_heap_used_in_bytes')).toHaveLength(12 * 60)
    })
  })

  describe('access and subjects', () => {
    it.each([
      ['an unknown cluster', es.clusterKpi, { cluster: 'es-nope' }, /No Elasticsearch cluster/],
      ['another platform’s cluster', es.indices, { cluster: 'es-logs-hdp-01' }, /No Elasticsearch cluster/],
      ['an unknown node', es.nodeKpi, { cluster: LOGS, node: 'es-data-99' }, /No node/],
      ['an unknown index', es.indexKpi, { cluster: LOGS, index: 'logs-app-1999.01.01' }, /No index/],
      ['an unknown Kibana cluster', kb.instances, { cluster: 'es-nope' }, /No Elasticsearch cluster/],
    ])('answers 404 for %s', async (_how, entry, args, pattern) => {
      await refused(404, entry, args, pattern)
    })

    it('answers 401 without a token, 403 off the Hadoop platforms or with elkEnabled off', async () => {
      expect((await call(es.clusters, {}, null)).statusCode).toBe(401)
      expect((await call(es.clusters, {}, 'snowflake')).statusCode).toBe(403)
      expect((await call(ls.kpis, {}, 'hdp')).statusCode).toBe(403)
      expect((await call(kb.clusters, {}, 'hdp')).statusCode).toBe(403)
    })

    it('limits the free plan to a 7-day window', async () => {
      const month = { start_time: TEST_NOW_MS - 30 * DAY, end_time: TEST_NOW_MS }
      await refused(403, es.clusters, month, /free plan covers at most 7 days/, 'elktrial')
      await refused(403, ls.nodesKpi, month, /free plan covers at most 7 days/, 'elktrial')
      await ok(es.clusters, { start_time: TEST_NOW_MS - 7 * DAY, end_time: TEST_NOW_MS }, 'elktrial')
    })
  })
})
