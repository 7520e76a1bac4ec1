import {
  EMR_STATE_GROUPS,
  emrEndpoints,
  fillPath,
  type EmrClusterDetails,
  type EmrClusterPage,
  type EmrClusterRow,
  type EmrClusterSearchBody,
} from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { TEST_NOW_MS, frozenTestApp, type FrozenTestApp } from './helper.ts'

const DAY = 86_400_000
const START_OF_TODAY = Math.floor(TEST_NOW_MS / DAY) * DAY
const WINDOW = { from: TEST_NOW_MS - 30 * DAY, to: TEST_NOW_MS }

describe('EMR cluster list (E040) and details', () => {
  let app: AppInstance
  let as: FrozenTestApp['as']
  beforeAll(async () => ({ app, as } = await frozenTestApp({ users: ['emr', 'admin'] })))
  afterAll(() => app.close())

  const search = (body: EmrClusterSearchBody, user = 'emr') =>
    app.inject({
      method: 'POST',
      url: emrEndpoints.clusterSearch.path,
      headers: as(user),
      payload: body,
    })
  const page = async (body: EmrClusterSearchBody) => {
    const res = await search(body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<EmrClusterPage>()
  }
  const details = (clusterId: string, user = 'emr') =>
    app.inject({
      method: 'GET',
      url: fillPath(emrEndpoints.clusterDetails.path, { clusterId }),
      headers: as(user),
    })
  /** Clusters alive in the window and passing a condition, counted straight from the table. */
  const count = (where = '1', window = WINDOW) =>
    app.db
      .prepare(
        `SELECT count(*) FROM emr_clusters WHERE created_at <= @to AND (ended_at IS NULL OR ended_at >= @from) AND (${where})`,
      )
      .pluck()
      .get(window) as number
  const isSorted = (values: readonly (number | string)[], direction: 'asc' | 'desc') =>
    values.every((v, i) => i === 0 || (direction === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v))
  const WIN = { from: String(WINDOW.from), to: String(WINDOW.to) }

  describe('the list', () => {
    it('lists by default the clusters alive since the start of today (UTC), newest first, 15 a page', async () => {
      const body = await page({})
      expect(body.total).toBe(count('1', { from: START_OF_TODAY, to: TEST_NOW_MS }))
      expect(body.total).toBeGreaterThan(0)
      expect(body.pageSize).toBe(15)
      expect(
        isSorted(
          body.clusters.map((c) => c.startTime),
          'desc',
        ),
      ).toBe(true)
      for (const c of body.clusters) {
        expect(c.startTime).toBeLessThanOrEqual(TEST_NOW_MS)
        if (c.endTime !== null) expect(c.endTime).toBeGreaterThanOrEqual(START_OF_TODAY)
      }
    })

    it('answers a realistic page over 30 days: costs add up, durations and states follow the times', async () => {
      const body = await page({ ...WIN, pageSize: 100, sort: 'totalCost-desc' })
      expect(body.total).toBe(count())
      expect(body.total).toBeGreaterThan(50)
      for (const c of body.clusters) {
        expect(c.totalCost).toBeCloseTo(c.ec2 + c.emr + c.ebs, 3)
        expect(c.emr).toBeLessThan(c.ec2)
        const end = c.endTime ?? TEST_NOW_MS
        expect(c.duration).toBe(end - c.startTime)
        if (c.endTime === null) expect(EMR_STATE_GROUPS.active).toContain(c.status)
        else expect(['TERMINATED', 'TERMINATED_WITH_ERRORS']).toContain(c.status)
        expect(c.tags.EMR_Release).toMatch(/^emr-\d+\.\d+\.\d+$/)
        expect(c.tags['unravel-installed']).toBe(String(c.withUnravel))
      }
      // The product watches a few long-running clusters; the job clusters come and go without it.
      expect(body.metadata.withUnravel).toBeGreaterThan(0)
      expect(body.metadata.withoutUnravel).toBeGreaterThan(body.metadata.withUnravel)
    })

    it('B205 metadata counts each facet over the window and the other filters', async () => {
      const plain = await page(WIN)
      const { statuses, withUnravel, withoutUnravel } = plain.metadata
      expect(statuses.active + statuses.terminated + statuses.failed).toBe(plain.total)
      expect(withUnravel + withoutUnravel).toBe(plain.total)
      const failed = await page({ ...WIN, statuses: ['failed'] })
      expect(failed.total).toBe(statuses.failed)
      expect(failed.metadata.statuses).toEqual(statuses)
      expect(failed.metadata.withUnravel + failed.metadata.withoutUnravel).toBe(failed.total)
      for (const c of failed.clusters) expect(c.status).toBe('TERMINATED_WITH_ERRORS')
      const watched = await page({
        ...WIN,
        includeClustersWithUnravel: true,
        includeClustersWithoutUnravel: false,
      })
      expect(watched.total).toBe(withUnravel)
      expect(watched.clusters.every((c) => c.withUnravel)).toBe(true)
      expect(plain.metadata.cost.max).toBeGreaterThan(plain.metadata.cost.min)
      expect(plain.metadata.tags.find((t) => t.key === 'Owner')?.values).toEqual([
        'analytics',
        'data-eng',
        'ml-platform',
      ])
    })

    it.each([
      [
        'a name term',
        { cluster_name_term: 'ORDERS-etl' },
        (c: EmrClusterRow) => c.clusterName.startsWith('orders-etl'),
      ],
      ['a tag', { tags: { Owner: ['analytics'] } }, (c: EmrClusterRow) => c.tags.Owner === 'analytics'],
      [
        'two tags',
        { tags: { Owner: ['analytics', 'ml-platform'], env: ['staging'] } },
        (c: EmrClusterRow) => c.tags.env === 'staging' && c.tags.Owner !== 'data-eng',
      ],
      ['the terminated group', { statuses: ['terminated'] }, (c: EmrClusterRow) => c.status === 'TERMINATED'],
      [
        'clusters without the product',
        { includeClustersWithUnravel: false },
        (c: EmrClusterRow) => !c.withUnravel,
      ],
      [
        'the inefficient tab',
        { eventTypes: ['NODE_DOWNSIZING'] },
        (c: EmrClusterRow) => c.downsizingEvents > 0,
      ],
      [
        'a cost range',
        { minCost: 10, maxCost: 50 },
        (c: EmrClusterRow) => c.totalCost >= 10 && c.totalCost <= 50,
      ],
      [
        'a duration range',
        { minDuration: 3_600_000, maxDuration: 7_200_000 },
        (c: EmrClusterRow) => c.duration >= 3_600_000 && c.duration <= 7_200_000,
      ],
    ] as const)('filters by %s', async (_, filter, holds) => {
      const body = await page({ ...WIN, ...filter, pageSize: 100 } as EmrClusterSearchBody)
      expect(body.total).toBeGreaterThan(0)
      expect(body.total).toBeLessThan(count())
      for (const c of body.clusters) expect(holds(c), c.clusterId).toBe(true)
    })

    it('filters by cluster ids, and refuses an id of another platform with 403', async () => {
      const some = (await page({ ...WIN, pageSize: 3 })).clusters.map((c) => c.clusterId)
      const body = await page({ ...WIN, cluster_ids: some })
      expect(body.clusters.map((c) => c.clusterId).sort()).toEqual([...some].sort())
      const res = await search({ ...WIN, cluster_ids: ['cdh-prod-01'] })
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('You do not have access to the cluster "cdh-prod-01".')
    })

    it.each([
      ['totalCost', 'desc'],
      ['duration', 'asc'],
      ['clusterName', 'asc'],
      ['nodeCount', 'desc'],
      ['ebs', 'asc'],
    ] as const)('sorts by %s %s on the server', async (key, direction) => {
      const body = await page({ ...WIN, sort: `${key}-${direction}`, pageSize: 50 })
      expect(
        isSorted(
          body.clusters.map((c) => c[key] as number | string),
          direction,
        ),
      ).toBe(true)
    })

    it('sorts running clusters first by end time, newest first', async () => {
      const body = await page({ ...WIN, sort: 'endTime-desc', pageSize: 100 })
      const firstEnded = body.clusters.findIndex((c) => c.endTime !== null)
      expect(firstEnded).toBeGreaterThan(0)
      expect(body.clusters.slice(firstEnded).every((c) => c.endTime !== null)).toBe(true)
    })

    it('pages on: page 2 continues page 1 under the same total', async () => {
      const [one, two] = await Promise.all(
        [1, 2].map((p) => page({ ...WIN, page: p, pageSize: 20, sort: 'totalCost-desc' })),
      )
      expect(two!.total).toBe(one!.total)
      const ids = new Set(one!.clusters.map((c) => c.clusterId))
      expect(two!.clusters.some((c) => ids.has(c.clusterId))).toBe(false)
      expect(one!.clusters.at(-1)!.totalCost).toBeGreaterThanOrEqual(two!.clusters[0]!.totalCost)
    })

    it.each([
      [
        'a reversed range',
        { from: String(TEST_NOW_MS), to: String(TEST_NOW_MS - DAY) },
        /from must not be after/,
      ],
      ['an unknown sort key', { sort: 'colour-desc' }, /sort/],
      ['paging past 10,000 records', { page: 101, pageSize: 100 }, /limited to 10000 records/],
      ['a page size over 100', { pageSize: 101 }, /pageSize/],
      ['a cost range upside down', { minCost: 10, maxCost: 5 }, /minCost must not be above/],
      ['an unknown status group', { statuses: ['sleeping'] }, /statuses/],
      ['an unknown field', { colour: 'red' }, /colour|additional/],
      ['a malformed date', { from: 'yesterday' }, /from/],
    ])('answers 400 for %s', async (_, body, message) => {
      const res = await search(body as EmrClusterSearchBody)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      })
    })

    it('is for EMR users only (403 for CDH) and private (401 without a token)', async () => {
      const cdh = await search({}, 'admin')
      expect(cdh.statusCode).toBe(403)
      expect(cdh.json().message).toMatch(/not available for CDH/)
      const anonymous = await app.inject({
        method: 'POST',
        url: emrEndpoints.clusterSearch.path,
        payload: {},
      })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('the details', () => {
    it('repeat the list row and split its cost by day, to the same total', async () => {
      const [row] = (
        await page({ ...WIN, sort: 'totalCost-desc', pageSize: 1, includeClustersWithUnravel: false })
      ).clusters
      const res = await details(row!.clusterId)
      expect(res.statusCode).toBe(200)
      const d = res.json<EmrClusterDetails>()
      expect(d.cluster).toEqual(row)
      const days = d.costByDay.reduce((sum, day) => sum + day.total, 0)
      expect(Math.abs(days - row!.totalCost)).toBeLessThan(0.01)
      for (const day of d.costByDay) expect(day.total).toBeCloseTo(day.ec2 + day.emr + day.ebs, 3)
      const groups = d.instanceGroups.reduce(
        (sum, g) => sum + g.running * (g.ec2Hourly + g.emrHourly + g.ebsHourly),
        0,
      )
      expect(groups).toBeCloseTo(d.hourlyCost.total, 2)
      expect(d.instanceGroups.map((g) => g.role)[0]).toBe('MASTER')
      expect(d.timeline.creationDateTime).toBe(row!.startTime)
      expect(d.yarnApps).toEqual({ clusterUid: row!.clusterId, count: 0 })
    })

    it('give the timeline with the state-change reason of an ended cluster, none of a running one', async () => {
      const failed = (await page({ ...WIN, statuses: ['failed'], pageSize: 1 })).clusters[0]!
      const f = (await details(failed.clusterId)).json<EmrClusterDetails>()
      expect(f.timeline.endDateTime).toBe(failed.endTime)
      expect(['BOOTSTRAP_FAILURE', 'VALIDATION_ERROR', 'INSTANCE_FAILURE', 'STEP_FAILURE']).toContain(
        f.timeline.stateChangeReason.code,
      )
      expect(f.timeline.stateChangeReason.message).not.toBe('')
      const running = (await page({ ...WIN, statuses: ['active'], pageSize: 1 })).clusters[0]!
      const r = (await details(running.clusterId)).json<EmrClusterDetails>()
      expect(r.timeline.endDateTime).toBeNull()
      expect(r.timeline.stateChangeReason).toEqual({ code: '', message: '' })
    })

    it('link a watched cluster to its Yarn apps: as many as the application list finds on it', async () => {
      const watched = (
        await page({ ...WIN, includeClustersWithoutUnravel: false, sort: 'startTime-asc', pageSize: 1 })
      ).clusters[0]!
      const d = (await details(watched.clusterId)).json<EmrClusterDetails>()
      expect(d.yarnApps.count).toBeGreaterThan(0)
      const apps = await app.inject({
        method: 'POST',
        url: '/api/v1/apps/unifiedsearch',
        headers: as('emr'),
        payload: {
          clusters: [d.yarnApps.clusterUid],
          start_time: new Date(TEST_NOW_MS - 60 * DAY).toISOString(),
          end_time: new Date(TEST_NOW_MS).toISOString(),
          size: 1,
        },
      })
      expect(apps.statusCode, apps.body).toBe(200)
      expect(apps.json().metadata.totalRecords).toBe(d.yarnApps.count)
    })

    it('list the node down-sizing events of an over-provisioned cluster', async () => {
      const inefficient = (await page({ ...WIN, eventTypes: ['NODE_DOWNSIZING'], pageSize: 1 })).clusters[0]!
      const d = (await details(inefficient.clusterId)).json<EmrClusterDetails>()
      expect(d.downsizingEvents).toHaveLength(inefficient.downsizingEvents)
      for (const e of d.downsizingEvents) {
        expect(e.recommendedNodes).toBeLessThan(e.currentNodes)
        expect(e.message).toMatch(/peaked at \d+ % use/)
      }
    })

    it('answer 403 for an unknown cluster or one of another platform, and to CDH users', async () => {
      for (const id of ['j-NOSUCHCLUSTER', 'cdh-prod-01']) expect((await details(id)).statusCode).toBe(403)
      const some = (await page({ pageSize: 1 })).clusters[0]!
      expect((await details(some.clusterId, 'admin')).statusCode).toBe(403)
    })
  })
})
