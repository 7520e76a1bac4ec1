import {
  fillPath,
  kafkaEndpoints as calls,
  type Endpoint,
  type KafkaBrokerRow,
  type KafkaClusterRow,
  type KafkaConsumerDetail,
  type KafkaConsumersResponse,
  type KafkaSeriesResponse,
  type KafkaTopicDetail,
  type KafkaTopicsResponse,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { delayAt, type GroupRow } from '../src/db/repositories/kafka-lag.ts'
import { topicOfPattern } from '../src/db/repositories/kafka-partitions.ts'
import { kafkaClusterKpi } from '../src/db/repositories/kafka-series.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const START_OF_TODAY = Math.floor(TEST_NOW_MS / DAY) * DAY
const TODAY = new Date(TEST_NOW_MS).toISOString().slice(0, 10)
const PROD = 'kafka-prod-01'

type Args = Record<string, string | number | boolean>

describe('Kafka (E152)', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => {
    ;({ app, as } = await frozenTestApp({
      users: ['admin', 'hdp', 'snowflake', 'nokafka'],
      peers: { nokafka: { of: 'admin', role: 'admin' } },
    }))
    app.db
      .prepare(
        `UPDATE users SET profile_json = json_set(profile_json, '$.kafkaEnabled', json('false')) WHERE username = 'nokafka'`,
      )
      .run()
  })
  afterAll(() => app.close())

  const call = (entry: Endpoint, args: Args = {}, user: string | null = 'admin') => {
    const inPath = new Set([...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))
    const query = new URLSearchParams(
      Object.entries(args)
        .filter(([k]) => !inPath.has(k))
        .map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()
    return app.inject({
      method: 'GET',
      url: fillPath(entry.path, args) + (query ? `?${query}` : ''),
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
  const groupOf = (kind: string) =>
    app.db
      .prepare(
        `SELECT g.name FROM kafka_groups g JOIN kafka_clusters k ON k.id = g.cluster_id
          WHERE k.name = ? AND g.lag_kind = ? ORDER BY g.id LIMIT 1`,
      )
      .pluck()
      .get(PROD, kind) as string

  describe('clusters (GET /api/v1/kafka/clusters)', () => {
    it('answers the reference request (gte/lte dates) with the clusters the user sees, by name', async () => {
      const rows = await ok<KafkaClusterRow[]>(calls.clusters, { gte: TODAY, lte: TODAY })
      expect(rows.map((r) => r.cluster)).toEqual(['kafka-etl-01', 'kafka-logs-01', 'kafka-prod-01'])
      const prod = rows.find((r) => r.cluster === PROD)!
      expect(prod).toMatchObject({
        clusterUid: 'cdh-prod-01',
        clusterType: 'CDH',
        brokers: 6,
        offlinePartitions: 0,
      })
      expect(prod.time).toBe(TEST_NOW_MS)
      expect(prod.bytesInPerSec).toBeGreaterThan(0)
      expect(prod.underReplicatedPartitions).toBeGreaterThan(0) // a broker is behind right now
      expect(prod.totalLag).toBeGreaterThan(0)
      const hdp = await ok<KafkaClusterRow[]>(calls.clusters, {}, 'hdp')
      expect(hdp.map((r) => r.cluster)).toEqual(['kafka-hdp-01'])
    })

    it('takes lt as lte, epoch ms and ISO alike, and refuses both lt and lte', async () => {
      const a = await ok<KafkaClusterRow[]>(calls.clusters, { gte: START_OF_TODAY, lte: TEST_NOW_MS })
      const b = await ok<KafkaClusterRow[]>(calls.clusters, {
        gte: new Date(START_OF_TODAY).toISOString(),
        lt: TEST_NOW_MS,
      })
      expect(b).toEqual(a)
      await refused(400, calls.clusters, { lte: TEST_NOW_MS, lt: TEST_NOW_MS }, /lte or lt/)
      await refused(400, calls.clusters, { gte: 'yesterday' }, /gte/)
    })
  })

  describe('KPI series', () => {
    it('defaults to today at 1h, every cluster metric; the cluster bytes in is its brokers’ sum', async () => {
      const cluster = await ok<KafkaSeriesResponse>(calls.clusterKpi, { cluster: PROD })
      expect(cluster).toMatchObject({
        cluster: PROD,
        kpiType: 'cluster',
        interval: '1h',
        pointInterval: HOUR,
      })
      expect(cluster.series).toHaveLength(16)
      const bytesIn = cluster.series.find((s) => s.metric === 'BytesInPerSec')!
      expect(bytesIn.data[0]![0]).toBe(START_OF_TODAY)
      // 00:00 to 11:00: the window ends at now, 12:00, where a 13th point would hold an instant.
      expect(bytesIn.data.at(-1)![0]).toBe(TEST_NOW_MS - HOUR)
      expect(bytesIn.data).toHaveLength(12)
      const brokers = await ok<KafkaSeriesResponse>(calls.brokerKpi, {
        cluster: PROD,
        prefix: 'BytesInPerSec',
      })
      expect(brokers.series).toHaveLength(6)
      bytesIn.data.forEach(([t, v], i) => {
        const sum = brokers.series.reduce((s, b) => s + b.data[i]![1], 0)
        expect(brokers.series[0]!.data[i]![0]).toBe(t)
        close(v, sum)
      })
      const controllers = cluster.series.find((s) => s.metric === 'ActiveControllerCount')!
      expect(new Set(controllers.data.map(([, v]) => v))).toEqual(new Set([1]))
    })

    it('answers a day at 1m in at most 1,440 points, and one broker’s every metric', async () => {
      const res = await ok<KafkaSeriesResponse>(calls.clusterKpi, {
        cluster: PROD,
        start_time: TEST_NOW_MS - DAY,
        end_time: TEST_NOW_MS,
        interval: '1m',
        prefix: 'MessagesInPerSec',
      })
      // Today at 1m (minute rows); yesterday's part of the window from the hour rows (G89).
      const data = res.series[0]!.data
      expect(data.length).toBeLessThanOrEqual(1440)
      expect(data.filter(([t]) => t >= START_OF_TODAY)).toHaveLength(720)
      expect(data.filter(([t]) => t < START_OF_TODAY).every(([t]) => t % HOUR === 0)).toBe(true)
      const broker = await ok<KafkaSeriesResponse>(calls.brokerKpi, { cluster: PROD, broker: 1001 })
      expect(broker.series).toHaveLength(16)
      expect(broker.series.every((s) => s.broker === 1001)).toBe(true)
    })

    it('answers a topic’s throughput, and one series per topic without one', async () => {
      const one = await ok<KafkaSeriesResponse>(calls.topicKpi, { cluster: PROD, topic: 'orders' })
      expect(one.series.map((s) => s.metric)).toEqual(['BytesInPerSec', 'BytesOutPerSec', 'MessagesInPerSec'])
      const all = await ok<KafkaSeriesResponse>(calls.topicKpi, { cluster: PROD, prefix: 'MessagesInPerSec' })
      expect(all.series.length).toBe(14)
      expect(all.series.some((s) => s.topic === '__consumer_offsets')).toBe(false)
    })

    it('answers partitions over time (sic partions), the topic named by metric_pattern', async () => {
      const res = await ok<KafkaSeriesResponse>(calls.partitionSeries, {
        cluster_id: PROD,
        metric_pattern: 'kafka.log:type=Log,name=LogEndOffset,topic=orders,*',
        interval: '5m',
        start_time: TEST_NOW_MS - 6 * HOUR,
      })
      expect(res.kpiType).toBe('partition')
      for (const s of res.series) {
        expect(s.topic).toBe('orders')
        for (let i = 1; i < s.data.length; i++)
          expect(s.data[i]![1]).toBeGreaterThanOrEqual(s.data[i - 1]![1])
      }
    })

    it.each([
      ['an unknown interval', { interval: '2m' }, /interval/],
      ['an unknown prefix', { prefix: 'BytesPerYear' }, /prefix/],
      ['an end before the start', { start_time: TEST_NOW_MS, end_time: TEST_NOW_MS - HOUR }, /not be after/],
      ['more than 31 days', { start_time: TEST_NOW_MS - 40 * DAY }, /at most 31/],
      ['too many points', { start_time: TEST_NOW_MS - 20 * DAY, interval: '5m' }, /coarser interval/],
      ['a malformed date', { start_time: '22/11/2026' }, /start_time/],
    ])('refuses %s with a 400', async (_how, args, pattern) => {
      await refused(400, calls.clusterKpi, { cluster: PROD, ...args }, pattern)
    })
  })

  describe('brokers, topics and consumer groups', () => {
    it('lists the brokers; their bytes in add up to the cluster’s', async () => {
      const window = { start_time: START_OF_TODAY, end_time: TEST_NOW_MS }
      const brokers = await ok<KafkaBrokerRow[]>(calls.brokers, { cluster_id: PROD, ...window })
      expect(brokers.map((b) => b.brokerId)).toEqual([1001, 1002, 1003, 1004, 1005, 1006])
      expect(brokers.filter((b) => b.controller)).toHaveLength(1)
      expect(brokers.filter((b) => b.behind)).toHaveLength(1)
      const [cluster] = (await ok<KafkaClusterRow[]>(calls.clusters, { gte: TODAY })).filter(
        (c) => c.cluster === PROD,
      )
      close(
        brokers.reduce((s, b) => s + b.bytesInPerSec, 0),
        cluster!.bytesInPerSec,
      )
      expect(brokers.reduce((s, b) => s + b.leaderCount, 0)).toBe(cluster!.partitionCount + 50)
    })

    it('pages and sorts the topics; internal ones only when asked', async () => {
      const page = await ok<KafkaTopicsResponse>(calls.topics, { cluster: PROD, size: 5 })
      expect(page.total).toBe(14)
      expect(page.topics).toHaveLength(5)
      const rates = page.topics.map((t) => t.bytesInPerSec)
      expect(rates).toEqual([...rates].sort((a, b) => b - a))
      const byName = await ok<KafkaTopicsResponse>(calls.topics, { cluster: PROD, sort: 'topic', from: 10 })
      expect(byName.topics.map((t) => t.topic)).toEqual([...byName.topics.map((t) => t.topic)].sort())
      const internal = await ok<KafkaTopicsResponse>(calls.topics, {
        cluster: PROD,
        internal: true,
        search: 'consumer_off',
      })
      expect(internal.topics.map((t) => t.topic)).toEqual(['__consumer_offsets'])
      await refused(400, calls.topics, { cluster: PROD, size: 501 }, /size/)
    })

    it('answers a topic’s partitions: leader first of the replicas, ISR inside them, offsets in order', async () => {
      const topic = await ok<KafkaTopicDetail>(calls.topic, { cluster: PROD, topic: 'orders' })
      expect(topic.partitions).toHaveLength(topic.partitionCount)
      for (const p of topic.partitions) {
        expect(p.replicas[0]).toBe(p.leader)
        expect(p.replicas).toEqual(expect.arrayContaining(p.isr))
        expect(p.underReplicated).toBe(p.isr.length < p.replicas.length)
        expect(p.logEndOffset).toBeGreaterThanOrEqual(p.logStartOffset)
      }
      expect(topic.consumerGroups.length).toBeGreaterThan(0)
    })

    it('lists the groups, most lag first, with every state the seed gives', async () => {
      const res = await ok<KafkaConsumersResponse>(calls.consumers, { cluster: PROD })
      expect(res.total).toBe(14)
      const lags = res.consumers.map((c) => c.totalLag)
      expect(lags).toEqual([...lags].sort((a, b) => b - a))
      expect(new Set(res.consumers.map((c) => c.state))).toEqual(
        new Set(['Stable', 'Empty', 'Dead', 'PreparingRebalance', 'CompletingRebalance']),
      )
      const empty = await ok<KafkaConsumersResponse>(calls.consumers, { cluster: PROD, state: 'Empty' })
      expect(empty.consumers.map((c) => c.members)).toEqual([0])
    })

    it('answers a group per partition: lag = log end - committed, never negative, summed per topic', async () => {
      for (const kind of ['incident', 'steady', 'stopped']) {
        const group = await ok<KafkaConsumerDetail>(calls.consumer, {
          cluster: PROD,
          consumer: groupOf(kind),
        })
        for (const p of group.partitions) {
          expect(p.lag).toBe(p.logEndOffset - p.committedOffset!)
          expect(p.lag).toBeGreaterThanOrEqual(0)
        }
        for (const t of group.topicLags)
          expect(t.lag).toBe(
            group.partitions.filter((p) => p.topic === t.topic).reduce((s, p) => s + p.lag, 0),
          )
        expect(group.totalLag).toBe(group.topicLags.reduce((s, t) => s + t.lag, 0))
      }
    })

    it('answers lag over time: the incident group falls behind and catches up; the Empty group’s grows', async () => {
      const window = { start_time: TEST_NOW_MS - 8 * HOUR, interval: '10m', by: 'topic' }
      const incident = await ok<KafkaSeriesResponse>(calls.consumerLag, {
        cluster: PROD,
        consumer: groupOf('incident'),
        ...window,
      })
      const total = incident.series[0]!.data.map(([, v]) => v)
      const peak = total.indexOf(Math.max(...total))
      expect(peak).toBeGreaterThan(5)
      expect(peak).toBeLessThan(total.length - 3)
      expect(total.at(-1)!).toBeLessThan(total[peak]! * 0.8)
      expect(total[0]!).toBeLessThan(total[peak]! * 0.2)
      const stale = await ok<KafkaSeriesResponse>(calls.consumerLag, {
        cluster: PROD,
        consumer: groupOf('stopped'),
        start_time: TEST_NOW_MS - 4 * HOUR,
        by: 'topic',
      })
      const lag = stale.series[0]!.data.map(([, v]) => v)
      expect(lag.at(-1)!).toBeGreaterThan(lag[0]!)
      const perPartition = await ok<KafkaSeriesResponse>(calls.consumerLag, {
        cluster: PROD,
        consumer: groupOf('incident'),
        ...window,
        by: 'partition',
      })
      const topic = incident.series[0]!.topic
      const last = perPartition.series
        .filter((s) => s.topic === topic)
        .reduce((s, p) => s + p.data.at(-1)![1], 0)
      expect(last).toBe(incident.series[0]!.data.at(-1)![1])
    })
  })

  describe('access and subjects', () => {
    it.each([
      ['an unknown cluster', calls.clusterKpi, { cluster: 'kafka-nope' }],
      ['another platform’s cluster', calls.topics, { cluster: 'kafka-hdp-01' }],
      ['an unknown broker', calls.brokerKpi, { cluster: PROD, broker: 999 }],
      ['an unknown topic', calls.topic, { cluster: PROD, topic: 'no-such-topic' }],
      ['an unknown topic of kpi_topics', calls.topicKpi, { cluster: PROD, topic: 'no-such-topic' }],
      ['an unknown consumer group', calls.consumer, { cluster: PROD, consumer: 'nobody' }],
      ['an unknown cluster_id', calls.brokers, { cluster_id: 'kafka-nope' }],
    ])('answers 404 for %s', async (_how, entry, args) => {
      await refused(404, entry, args, /No /)
    })

    it('answers 401 without a token, 403 off the Hadoop platforms or with kafkaEnabled off', async () => {
      expect((await call(calls.clusters, {}, null)).statusCode).toBe(401)
      expect((await call(calls.clusters, {}, 'snowflake')).statusCode).toBe(403)
      expect((await call(calls.topics, { cluster: PROD }, 'nokafka')).statusCode).toBe(403)
    })
  })

  describe('seed invariants', () => {
    it('each topic’s partition shares sum to 1, the leader is the first of distinct replicas', () => {
      const topics = app.db
        .prepare(
          'SELECT topic_id AS id, sum(share) AS shares, count(*) AS n FROM kafka_partitions GROUP BY topic_id',
        )
        .all() as { id: number; shares: number; n: number }[]
      for (const t of topics) expect(t.shares).toBeCloseTo(1, 9)
      for (const p of app.db.prepare('SELECT leader_id AS leader, replicas FROM kafka_partitions').all() as {
        leader: number
        replicas: string
      }[]) {
        const replicas = p.replicas.split(',').map(Number)
        expect(replicas[0]).toBe(p.leader)
        expect(new Set(replicas).size).toBe(replicas.length)
      }
    })

    it('an hour row is its minutes’ average and the integral runs on across rows and grains', () => {
      const rows = app.db
        .prepare(
          `SELECT h.ts, h.day, h.cum_day AS cum, avg(m.day) AS minutes, count(m.ts) AS n,
                  (SELECT cum_day FROM kafka_load_hours x WHERE x.cluster_id = h.cluster_id AND x.ts = h.ts + 3600000) AS next
             FROM kafka_load_hours h JOIN kafka_load_minutes m
               ON m.cluster_id = h.cluster_id AND m.ts >= h.ts AND m.ts < h.ts + 3600000
            WHERE h.cluster_id = 1 GROUP BY h.ts HAVING n = 60`,
        )
        .all() as { day: number; cum: number; minutes: number; next: number | null }[]
      expect(rows.length).toBeGreaterThanOrEqual(12)
      for (const r of rows) {
        expect(r.day).toBeCloseTo(r.minutes, 9)
        if (r.next !== null) expect(r.next).toBeCloseTo(r.cum + r.day * 3600, 4)
      }
    })

    it('a session past the small seed’s minute rows gets a point per hour there, and no gap', () => {
      const later = TEST_NOW_MS + 6 * HOUR
      const scope = { platform: 'CDH' as const, clusterUids: ['cdh-prod-01'] }
      const q = { start_time: String(TEST_NOW_MS), interval: '5m' as const, prefix: 'BytesInPerSec' as const }
      const data = kafkaClusterKpi(app.db, scope, PROD, q, later).series[0]!.data
      // Minute rows run 3 hours past the seed's now (seed/kafka-load.ts), hour rows a day.
      expect(data.filter(([t]) => t < TEST_NOW_MS + 3 * HOUR)).toHaveLength(36)
      expect(data.filter(([t]) => t >= TEST_NOW_MS + 3 * HOUR).map(([t]) => t)).toEqual([
        TEST_NOW_MS + 3 * HOUR,
        TEST_NOW_MS + 4 * HOUR,
        TEST_NOW_MS + 5 * HOUR,
      ])
    })
  })

  describe('rules', () => {
    it.each([
      ['orders', 'orders'],
      ['payments.events', 'payments.events'],
      ['kafka.log:type=Log,name=LogEndOffset,topic=orders,*', 'orders'],
      [
        'kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec,topic=cdc.mysql.inventory',
        'cdc.mysql.inventory',
      ],
      ['topic=logs.app', 'logs.app'],
    ])('G93: metric_pattern %s names topic %s', (pattern, topic) => {
      expect(topicOfPattern(pattern)).toBe(topic)
    })

    it('G93: a pattern with no topic= is a 400', () => {
      expect(() => topicOfPattern('kafka.log:type=Log,*')).toThrow(/metric_pattern/)
    })

    const incident: GroupRow = {
      id: 1,
      name: 'g',
      consumerType: 'spark-streaming',
      state: 'Stable',
      members: 2,
      coordinatorId: 1001,
      lagKind: 'incident',
      delayS: 0,
      incidentStart: 0,
      incidentPeak: 5 * HOUR,
      stoppedAt: null,
      topicIds: [],
    }
    it.each([
      ['before the incident', -HOUR, 0],
      ['falling behind at 0.9 s per s', 2 * HOUR, 0.9 * 2 * 3600],
      ['at its peak', 5 * HOUR, 0.9 * 5 * 3600],
      ['catching up at 2 s per s', 6 * HOUR, 0.9 * 5 * 3600 - 2 * 3600],
      ['caught up', 8 * HOUR, 0],
    ])('G94: the incident group’s delay %s', (_when, t, seconds) => {
      expect(delayAt(incident, t)).toBeCloseTo(seconds, 6)
    })
  })
})
