import type { EmrChargebackResponse } from '@costlens/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInstance } from '../src/app.ts'
import { TEST_NOW_MS, auth, signIn, testApp } from './helper.ts'

const DAY = 86_400_000
const FROM = TEST_NOW_MS - 14 * DAY

/**
 * The EMR chargeback's cluster filter (B152, C22: all clusters or one): the console's filter sends
 * the chosen cluster as clusterUid, and its KPIs are the answer's totals, so the totals of one
 * cluster must be that cluster's row.
 */
describe('GET /api/v1/search/awscb/cluster?clusterUid=', () => {
  let app: AppInstance
  let token: string
  beforeAll(async () => {
    app = await testApp()
    app.clock.freeze()
    app.clock.set(TEST_NOW_MS)
    token = await signIn(app, 'emr')
  })
  afterAll(() => app.close())

  const get = (query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/search/awscb/cluster?from=${FROM}${query}`,
      headers: auth(token),
    })

  it('B152 one cluster: its row alone, whose figures are the totals, 100 % of them', async () => {
    const all = (await get('')).json<EmrChargebackResponse>()
    expect(all.cb.length).toBeGreaterThan(2)
    for (const row of [all.cb[0]!, all.cb.at(-1)!]) {
      const res = await get(`&clusterUid=${row.cluster_id}`)
      expect(res.statusCode).toBe(200)
      const one = res.json<EmrChargebackResponse>()
      expect(one.cb).toEqual([{ ...row, total_perc: 100 }])
      expect(one.cbInfo).toMatchObject({
        clusters: 1,
        ec2: row.ec2,
        emr: row.emr,
        ebs: row.ebs,
        total: row.total,
      })
    }
  })

  it.each([
    ['an id no EMR cluster has', '&clusterUid=j-NOSUCHCLUSTER', 403],
    ["another platform's cluster", '&clusterUid=cdh-prod-01', 403],
    ['an id longer than 200 characters', `&clusterUid=j-${'X'.repeat(200)}`, 400],
  ])('answers %s with %i', async (_, query, status) => {
    const res = await get(query)
    expect(res.statusCode).toBe(status)
    expect(res.json()).toMatchObject({ statusCode: status, message: expect.any(String) })
  })
})
