import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  emrEndpoints,
  type EmrClusterPage,
  type EmrClusterRow,
  type EmrClusterSearchBody,
} from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterListPage from './cluster-list-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const cluster = (i: number, status: EmrClusterRow['status']): EmrClusterRow => ({
  clusterId: `j-000${i}`,
  clusterName: `etl-${i}`,
  status,
  withUnravel: true,
  totalCost: 12.3456 * i,
  startTime: Date.parse('2026-11-23T08:00:00Z'),
  endTime: null,
  duration: 3_600_000,
  tags: { team: 'data' },
  marketTypes: ['ON_DEMAND'],
  ec2: 10 * i,
  emr: 2 * i,
  ebs: 0.3456 * i,
  nodeCount: 3,
  downsizingEvents: 0,
})
const metadata = (cost: { min: number; max: number }): EmrClusterPage['metadata'] => ({
  withUnravel: 20,
  withoutUnravel: 22,
  duration: { min: 60_000, max: 86_400_000 },
  cost,
  statuses: { active: 30, terminated: 10, failed: 2 },
  tags: [{ key: 'team', values: ['data', 'web'] }],
})
const page = (cost = { min: 0, max: 500 }): EmrClusterPage => ({
  clusters: [cluster(1, 'TERMINATED_WITH_ERRORS'), cluster(2, 'TERMINATED'), cluster(3, 'RUNNING')],
  total: 42,
  page: 1,
  pageSize: 15,
  metadata: metadata(cost),
})

function render(route = '/clusters/list', answer = page()) {
  const bodies: EmrClusterSearchBody[] = []
  stubApi(
    on('POST', emrEndpoints.clusterSearch.path, async (request) => {
      bodies.push((await request.json()) as EmrClusterSearchBody)
      return json(answer)
    }),
  )
  const view = renderWithProviders(<ClusterListPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'EMR' })),
    route,
  })
  return { ...view, bodies }
}

const rows = async () =>
  within(await screen.findByRole('table', { name: 'EMR clusters' }))
    .getAllByRole('row')
    .slice(1)

describe('/clusters/list', { timeout: 20_000 }, () => {
  it('02 §2 B069 opens on the UTC day so far, latest first, and shows each cluster with its state style, cost and link', async () => {
    const { bodies } = render()
    const [failed, terminated, running] = await rows()
    expect(within(failed!).getByRole('link', { name: 'j-0001' })).toHaveAttribute(
      'href',
      '/clusters/j-0001/details/',
    )
    expect(failed).toHaveTextContent('Terminated with errors')
    expect(terminated).toHaveTextContent('Terminated')
    expect(running).toHaveTextContent('$ 37.04')
    const body = bodies[0]!
    expect(body).toMatchObject({ platform: 'EMR', page: 1, pageSize: 15, sort: 'startTime-desc' })
    expect(Number(body.from)).toBe(new Date(Number(body.to)).setUTCHours(0, 0, 0, 0))
    expect(body).not.toHaveProperty('statuses')
    // The filter panel and the KPI row are bound to the answer's metadata.
    expect(screen.getByRole('checkbox', { name: 'Failed (2)' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'With Unravel (20)' })).toBeInTheDocument()
    const kpis = within(screen.getByRole('list', { name: 'Key figures' })).getAllByRole('listitem')
    expect(kpis.map((k) => k.textContent)).toEqual([
      'Clusters42',
      'Active30',
      'With Unravel20',
      'Without Unravel22',
    ])
  })

  it('01 §2.5 reads the whole state from the address and sends it as the E040 body', async () => {
    const { bodies } = render(
      '/clusters/list?tab=inefficient&startDate=1763856000000&endDate=1763942400000&clusterUid=j-9&clusterName=etl' +
        '&clusterStatus=failed&minCost=1&maxCost=40&minDuration=60000&maxDuration=7200000&withUnravelInstall=true' +
        '&withoutUnravelInstall=true&clusterTags=team:data&page=2&pageSize=25&s=totalCost-asc',
    )
    await rows()
    expect(bodies[0]).toEqual({
      platform: 'EMR',
      from: '1763856000000',
      to: '1763942400000',
      page: 2,
      pageSize: 25,
      sort: 'totalCost-asc',
      cluster_ids: ['j-9'],
      cluster_name_term: 'etl',
      statuses: ['failed'],
      eventTypes: ['NODE_DOWNSIZING'],
      includeClustersWithUnravel: true,
      includeClustersWithoutUnravel: true,
      minCost: 1,
      maxCost: 40,
      minDuration: 60000,
      maxDuration: 7200000,
      tags: { team: ['data'] },
    })
  })

  it('02 §4 a new tab resets the filters and the page, written with replace; the active tab sends the active group', async () => {
    const { user, router, bodies } = render('/clusters/list?clusterName=etl&page=3')
    await rows()
    await user.click(screen.getByRole('tab', { name: 'Active' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=active'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ statuses: ['active'], page: 1 }))
    expect(bodies.at(-1)).not.toHaveProperty('cluster_name_term')
  })

  it('02 §4 B204 a cost range outside the new metadata is cleared and the list reloads without it', async () => {
    const { router, bodies } = render('/clusters/list?minCost=600&maxCost=900', page({ min: 0, max: 500 }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await waitFor(() => expect(bodies.at(-1)).not.toHaveProperty('minCost'))
  })
})
