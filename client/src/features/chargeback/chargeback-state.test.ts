import { describe, expect, it } from 'vitest'
import type { ChargebackResponse } from '@costlens/shared'
import { testUser } from '../../../test/users.ts'
import {
  changeChargeback,
  chargebackArgs,
  chargebackSearch,
  levelOf,
  readChargebackView,
  switchType,
  type ChargebackView,
} from './chargeback-state.ts'

const NOW = Date.UTC(2026, 10, 20, 12)
const DAY = 86_400_000
const admin = testUser({ role: 'admin', clusterType: 'CDH' })
const read = (search: string, user = admin) => readChargebackView(search, NOW, user)!

describe('chargeback state in the address', () => {
  it('B147 opens on the first type, by its first two group-bys, all clusters, the last 7 days', () => {
    const view = read('')
    expect(view).toMatchObject({
      type: 'Yarn',
      groupBys: ['appType', 'user'],
      path: [],
      clusterUid: '*',
      rangeLabel: '7_d',
      dateRange: { end: NOW },
    })
    expect(view.dateRange.end - view.dateRange.start).toBeGreaterThanOrEqual(7 * DAY - DAY)
    expect(chargebackSearch(view, admin)).toBe('')
  })

  it('B147 a cluster type without chargeback types has no view (the no-clusters state)', () => {
    expect(readChargebackView('', NOW, testUser({ clusterType: 'SNOWFLAKE' }))).toBeNull()
  })

  it('B030 B033 round-trips type, group-bys, drill path, cluster, tags, prices and a picked range', () => {
    const search =
      '?cbType=Impala&clusterUid=c-9&drill=bob%2Cjr&end_date=1700086400000&groupBy=realuser,queue' +
      '&msAmount=0.002&start_date=1700000000000&tags=team%3Aml&vsAmount=0.5'
    const view = read(search)
    expect(view).toMatchObject({
      type: 'Impala',
      groupBys: ['realuser', 'queue'],
      path: [{ groupBy: 'realuser', value: 'bob,jr' }],
      clusterUid: 'c-9',
      tags: { team: ['ml'] },
      amounts: { vsAmount: 0.5, msAmount: 0.002 },
      dateRange: { start: 1_700_000_000_000, end: 1_700_086_400_000 },
      rangeLabel: 'custom',
    })
    expect(read(chargebackSearch(view, admin))).toEqual(view)
  })

  it('a preset range is kept as its label and re-read at the time of the visit', () => {
    const view = read('?dateRangeLabel=30_d')
    expect(view.rangeLabel).toBe('30_d')
    expect(view.dateRange.end).toBe(NOW)
    expect(chargebackSearch(view, admin)).toBe('?dateRangeLabel=30_d')
  })

  it('unknown values fall back: a type the user lacks, group-bys of another flavour, too many levels', () => {
    const view = read('?cbType=BigQuery&groupBy=queue,nope,queue&drill=a&drill=b')
    expect(view).toMatchObject({ type: 'Yarn', groupBys: ['queue'], path: [] })
    expect(read('?groupBy=user,queue,appType').groupBys).toEqual(['user', 'queue'])
  })

  it('C20 a freemium user gets no tags and no range over 7 days, whatever the address says', () => {
    const trial = testUser({ plan: 'freemium' })
    const view = read('?tags=team:ml&dateRangeLabel=90_d', trial)
    expect(view.tags).toEqual({})
    expect(view.rangeLabel).toBe('7_d')
  })

  it('02 §6 a frozen Yarn cluster is forced on Yarn chargeback', () => {
    const frozen = testUser({ frozenYarnCluster: 'cdh-prod-01' })
    expect(read('?clusterUid=other', frozen).clusterUid).toBe('cdh-prod-01')
  })
})

describe('chargeback flow (02 §4)', () => {
  it('B149 drills into a value, moves to the next group-by, stops at the last, and goes back', () => {
    const top = read('')
    const drilled = changeChargeback(top, { type: 'drill', value: 'spark' })
    expect(drilled.path).toEqual([{ groupBy: 'appType', value: 'spark' }])
    expect(changeChargeback(drilled, { type: 'drill', value: 'alice' })).toBe(drilled)
    expect(changeChargeback(drilled, { type: 'back', level: 0 }).path).toEqual([])
    expect(chargebackSearch(drilled, admin)).toBe('?drill=spark')
  })

  it('B149 new group-bys start the drill over', () => {
    const drilled = changeChargeback(read(''), { type: 'drill', value: 'spark' })
    const regrouped = changeChargeback(drilled, { type: 'groupBys', groupBys: ['queue', 'user'] })
    expect(regrouped).toMatchObject({ groupBys: ['queue', 'user'], path: [] })
  })

  it('B148 switching type saves the current state and brings the other back as it was left', () => {
    const yarn = changeChargeback(read(''), { type: 'drill', value: 'spark' })
    const toImpala = switchType({}, yarn, 'Impala', admin)
    expect(toImpala.view).toMatchObject({ type: 'Impala', groupBys: ['realuser', 'queue'], path: [] })
    const impala = changeChargeback(toImpala.view, { type: 'cluster', clusterUid: 'cdh-impala-01' })
    const back = switchType(toImpala.saved, impala, 'Yarn', admin)
    expect(back.view).toMatchObject({ type: 'Yarn', path: [{ groupBy: 'appType', value: 'spark' }] })
    expect(switchType(back.saved, back.view, 'Impala', admin).view.clusterUid).toBe('cdh-impala-01')
  })
})

describe('chargeback search and levels', () => {
  it('asks for every group-by at once, the range in epoch ms, no cluster for *, tags as key:value', () => {
    const view: ChargebackView = { ...read(''), tags: { team: ['ml', 'bi'] } }
    expect(chargebackArgs(view)).toEqual({
      search: 'cb',
      groups: ['appType', 'user'],
      params: { from: String(view.dateRange.start), to: String(NOW), tags: 'team:ml,team:bi' },
    })
    expect(chargebackArgs({ ...view, clusterUid: 'c-1' })?.params).toMatchObject({ clusterUid: 'c-1' })
    // The drill path is not sent: the drilled level is read from the nested rows.
    expect(chargebackArgs(changeChargeback(view, { type: 'drill', value: 'spark' }))).toEqual(
      chargebackArgs(view),
    )
    expect(chargebackArgs({ ...view, type: 'EMR' })).toBeNull()
    expect(chargebackArgs({ ...view, type: 'Presto', groupBys: ['user', 'queue'] })?.search).toBe('pcb')
  })

  it('B160 BigQuery (a GCP cluster type) groups by user and queue and never sends a cluster', () => {
    const gcp = testUser({ clusterType: 'GCP' as never })
    const view = read('?clusterUid=c-1', gcp)
    expect(view).toMatchObject({ type: 'BigQuery', groupBys: ['user', 'queue'] })
    expect(chargebackArgs(view)).toMatchObject({ search: 'bqcb', groups: ['user', 'queue'] })
    expect(chargebackArgs(view)?.params).not.toHaveProperty('clusterUid')
  })

  it('B153 C20 BigQuery keeps a tag group-by of the address and sends it as tag:<key>; freemium drops it', () => {
    const gcp = testUser({ clusterType: 'GCP' as never })
    const view = read('?groupBy=tag%3Ateam,user', gcp)
    expect(view.groupBys).toEqual(['tag:team', 'user'])
    expect(chargebackArgs(view)).toMatchObject({ search: 'bqcb', groups: ['tag:team', 'user'] })
    expect(read(chargebackSearch(view, gcp), gcp)).toEqual(view)
    expect(
      read('?groupBy=tag%3Ateam,user', testUser({ clusterType: 'GCP' as never, plan: 'freemium' })).groupBys,
    ).toEqual(['user'])
    // Yarn has no tag group-by, and an empty key is none.
    expect(read('?groupBy=tag%3Ateam,user').groupBys).toEqual(['user'])
    expect(read('?groupBy=tag%3A,user', gcp).groupBys).toEqual(['user'])
  })

  it('B153 the jobs without the tag read as "(no <key> tag)", at the top and drilled into', () => {
    const byTag: ChargebackResponse = {
      cb: [
        {
          v1: '',
          v1Label: '',
          count: 1,
          vs: 1,
          ms: 0,
          io: 0,
          cents: 0,
          cb: [{ v2: 'ann', count: 1, vs: 1, ms: 0, io: 0, cents: 0 }],
        },
        {
          v1: 'ml',
          v1Label: 'ml',
          count: 1,
          vs: 1,
          ms: 0,
          io: 0,
          cents: 0,
          cb: [{ v2: 'bob', count: 1, vs: 1, ms: 0, io: 0, cents: 0 }],
        },
      ],
      cbInfo: {
        from: 0,
        to: 1,
        groupBy: ['tag:team', 'user'],
        clusterUid: '*',
        total: { count: 2, vs: 2, ms: 0, io: 0, cents: 0 },
      },
    }
    const state = {
      groupBys: ['tag:team', 'user'],
      path: [],
      clusterUid: '*',
      tags: {},
      amounts: { vsAmount: null, msAmount: null },
    }
    expect(levelOf(byTag, state).rows.map((r) => [r.value, r.label])).toEqual([
      ['', '(no team tag)'],
      ['ml', 'ml'],
    ])
    const byUserThenTag = {
      ...state,
      groupBys: ['user', 'tag:team'],
      path: [{ groupBy: 'user', value: 'ann' }],
    }
    const nested: ChargebackResponse = {
      ...byTag,
      cb: [
        {
          v1: 'ann',
          v1Label: 'ann',
          count: 1,
          vs: 1,
          ms: 0,
          io: 0,
          cents: 0,
          cb: [{ v2: '', count: 1, vs: 1, ms: 0, io: 0, cents: 0 }],
        },
      ],
    }
    expect(levelOf(nested, byUserThenTag).rows.map((r) => r.label)).toEqual(['(no team tag)'])
  })

  const data: ChargebackResponse = {
    cb: [
      {
        v1: 'spark',
        v1Label: 'spark',
        count: 3,
        vs: 7200,
        ms: 10,
        io: 1,
        cents: 300,
        cb: [
          { v2: 'alice', count: 2, vs: 5400, ms: 10, io: 1, cents: 200 },
          { v2: 'bob', count: 1, vs: 1800, ms: 0, io: 0, cents: 100 },
        ],
      },
    ],
    cbInfo: {
      from: 0,
      to: 1,
      groupBy: ['appType', 'user'],
      clusterUid: '*',
      total: { count: 5, vs: 9000, ms: 10, io: 1, cents: 400 },
    },
  }

  it('the top level is the rows and the total; a drilled level the nested rows and their parent', () => {
    const view = read('')
    expect(levelOf(data, view).total.vs).toBe(9000)
    expect(levelOf(data, view).rows.map((r) => r.value)).toEqual(['spark'])
    const drilled = levelOf(data, changeChargeback(view, { type: 'drill', value: 'spark' }))
    expect(drilled.rows.map((r) => [r.value, r.vs])).toEqual([
      ['alice', 5400],
      ['bob', 1800],
    ])
    expect(drilled.total).toMatchObject({ count: 3, vs: 7200 })
    expect(levelOf(data, changeChargeback(view, { type: 'drill', value: 'gone' })).rows).toEqual([])
    expect(levelOf({}, view)).toEqual({ rows: [], total: { count: 0, vs: 0, ms: 0, io: 0, cents: 0 } })
  })

  it("names application types in the console's one casing at every level; the value keeps the code", () => {
    const top = levelOf(data, read(''))
    expect(top.rows.map((r) => [r.value, r.label])).toEqual([['spark', 'Spark']])
    // By user then type: the bars' stacks and, drilled into a user, the rows read the same way.
    const byUser: ChargebackResponse = {
      ...data,
      cb: [
        {
          ...data.cb[0]!,
          v1: 'alice',
          v1Label: 'alice',
          cb: [
            { v2: 'MAPREDUCE', count: 1, vs: 1, ms: 0, io: 0, cents: 0 },
            { v2: 'hivetz', count: 1, vs: 1, ms: 0, io: 0, cents: 0 },
          ],
        },
      ],
    }
    const view = read('?groupBy=user,appType')
    expect(levelOf(byUser, view).rows[0]!.inner.map((r) => r.v2)).toEqual(['MapReduce', 'Hive on Tez'])
    const drilled = levelOf(byUser, changeChargeback(view, { type: 'drill', value: 'alice' }))
    expect(drilled.rows.map((r) => [r.value, r.label])).toEqual([
      ['MAPREDUCE', 'MapReduce'],
      ['hivetz', 'Hive on Tez'],
    ])
  })
})
