import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { emrEndpoints } from '@costlens/shared'
import { testEmrClusterPage } from '../../../test/emr.ts'
import { kpiTexts, renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterListPage from './cluster-list-page.tsx'

function render(route = '/clusters/list', answer = testEmrClusterPage()) {
  const stubs = [stubEndpoint(emrEndpoints.clusterSearch, answer)]
  const view = renderPage(<ClusterListPage />, { route, user: testUser({ clusterType: 'EMR' }), stubs })
  return { ...view, bodies: () => view.bodies(emrEndpoints.clusterSearch) }
}
const rows = () => tableRows('EMR clusters')

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
    const body = bodies()[0]!
    expect(body).toMatchObject({ platform: 'EMR', page: 1, pageSize: 15, sort: 'startTime-desc' })
    expect(Number(body.from)).toBe(new Date(Number(body.to)).setUTCHours(0, 0, 0, 0))
    expect(body).not.toHaveProperty('statuses')
    // The filter panel and the KPI row are bound to the answer's metadata.
    expect(screen.getByRole('checkbox', { name: 'Failed (2)' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'With Unravel (20)' })).toBeInTheDocument()
    expect(kpiTexts()).toEqual(['Clusters42', 'Active30', 'With Unravel20', 'Without Unravel22'])
  })

  it('01 §2.5 reads the whole state from the address and sends it as the E040 body', async () => {
    const { bodies } = render(
      '/clusters/list?tab=inefficient&startDate=1763856000000&endDate=1763942400000&clusterUid=j-9&clusterName=etl' +
        '&clusterStatus=failed&minCost=1&maxCost=40&minDuration=60000&maxDuration=7200000&withUnravelInstall=true' +
        '&withoutUnravelInstall=true&clusterTags=team:data&page=2&pageSize=25&s=totalCost-asc',
    )
    await rows()
    expect(bodies()[0]).toEqual({
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
    await waitFor(() => expect(bodies().at(-1)).toMatchObject({ statuses: ['active'], page: 1 }))
    expect(bodies().at(-1)).not.toHaveProperty('cluster_name_term')
  })

  it('02 §4 B204 a cost range outside the new metadata is cleared and the list reloads without it', async () => {
    const { router, bodies } = render(
      '/clusters/list?minCost=600&maxCost=900',
      testEmrClusterPage({ min: 0, max: 500 }),
    )
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await waitFor(() => expect(bodies().at(-1)).not.toHaveProperty('minCost'))
  })
})
