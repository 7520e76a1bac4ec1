import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { emrEndpoints, type EmrInsights } from '@costlens/shared'
import { kpiTexts, renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterInsightsPage from './cluster-insights-page.tsx'
import { savingShare } from './cluster-insights.ts'

// Two Highcharts donuts and a table on a shared machine: wait for them longer than 1 s.
const slow = { timeout: 5_000 }
const DAY = 86_400_000

const insights: EmrInsights = {
  from: 0,
  to: 1,
  withUnravel: { clusters: 120, cost: 4_500.25 },
  withoutUnravel: { clusters: 30, cost: 1_500 },
  savings: { total: 1_200.5, clusters: 42, cost: 6_000.25 },
  topClusters: [
    {
      clusterId: 'j-2SMALL',
      clusterName: 'adhoc',
      withUnravel: false,
      cost: 100,
      saving: 40,
      downsizingEvents: 0,
    },
    {
      clusterId: 'j-1BIG',
      clusterName: 'nightly-etl',
      withUnravel: true,
      cost: 800,
      saving: 600,
      downsizingEvents: 3,
    },
  ],
}

function render(route = '/clusters/emrclusterinsights', clusterType: 'EMR' | 'CDH' = 'EMR') {
  const stubs = [stubEndpoint(emrEndpoints.insights, insights)]
  const view = renderPage(<ClusterInsightsPage />, { route, user: testUser({ clusterType }), stubs })
  return { ...view, span: () => span(view.queries(emrEndpoints.insights)[0]!) }
}
const span = (query: URLSearchParams) => Number(query.get('to')) - Number(query.get('from'))

describe('/clusters/emrclusterinsights (R059)', { timeout: 20_000 }, () => {
  it('KPIs: clusters with and without the product with their cost, and the savings as a share of the cost', async () => {
    render()
    await waitFor(() => expect(kpiTexts()).toHaveLength(4), slow)
    expect(kpiTexts()).toEqual([
      'Clusters with Unravel120 clusters · $ 4,500.25',
      'Clusters without Unravel30 clusters · $ 1,500.00',
      'Savings available (USD)$ 1,200.50 (20.0% of $ 6,000.25)',
      'Clusters with a saving42 clusters',
    ])
    expect(screen.getByRole('figure', { name: 'Clusters with and without Unravel' })).toBeInTheDocument()
    expect(screen.getByRole('figure', { name: 'Cost with and without Unravel (USD)' })).toBeInTheDocument()
  })

  it('top clusters by saving, largest first, each linking to its details; a saving never exceeds its cost', async () => {
    render()
    await waitFor(async () => expect(await tableRows('Top clusters by saving')).toHaveLength(2), slow)
    const [first] = await tableRows('Top clusters by saving')
    expect(first).toHaveTextContent('j-1BIGnightly-etlInstalled$ 800.00$ 600.0075.0%3')
    expect(within(first!).getByRole('link', { name: 'j-1BIG' })).toHaveAttribute(
      'href',
      '/clusters/j-1BIG/details/',
    )
    expect(savingShare(40, 100)).toBe(40)
    expect(savingShare(5, 0)).toBe(0)
  })

  it('the range is the last 30 days by default and lives in the address', async () => {
    const { requests, span } = render()
    await waitFor(() => expect(requests.length).toBeGreaterThan(0), slow)
    expect(span()).toBeGreaterThan(29 * DAY)
    expect(span()).toBeLessThanOrEqual(31 * DAY)
    expect(screen.getByRole('button', { name: /Last 30 Days/i })).toBeInTheDocument()
  })

  it('a range in the address is the one asked for (a reload or a shared link shows the same)', async () => {
    const { requests, span } = render('/clusters/emrclusterinsights?dateRangeLabel=7_d')
    await waitFor(() => expect(requests.length).toBeGreaterThan(0), slow)
    expect(span()).toBeLessThanOrEqual(8 * DAY)
    expect(span()).toBeGreaterThan(6 * DAY)
  })

  it("R012 an on-premises user is told the page is EMR's, and nothing is asked", async () => {
    const { requests } = render('/clusters/emrclusterinsights', 'CDH')
    expect(await screen.findByText('Cluster insights for CDH clusters are not built yet')).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})
