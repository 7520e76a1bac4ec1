import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bigqueryEndpoints, type BigQueryInsightsOverview } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { findSettledTable } from '../../../test/page-queries.ts'
import BigQueryInsightsOverviewPage from './insights-overview-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const DAY = 86_400_000
const T0 = Date.parse('2026-11-15T00:00:00.000Z')
const insight = (
  key: BigQueryInsightsOverview['insights'][number]['key'],
  name: string,
  jobCount: number,
  cost: number,
  estimatedSaving: number,
) => ({ key, name, category: 'EF', recommendation: `Fix ${name}.`, jobCount, cost, estimatedSaving })

const overview: BigQueryInsightsOverview = {
  startTime: new Date(T0).toISOString(),
  endTime: new Date(T0 + 7 * DAY - 1).toISOString(),
  jobCount: 13_000,
  cost: 222_901.2,
  jobsWithInsights: 5_200,
  costWithInsights: 187_500.6,
  estimatedSaving: 150_000.25,
  insights: [
    insight('NO_PARTITION_FILTER', 'No partition filter on a partitioned table', 2_000, 187_500, 174_375),
    insight('SELECT_STAR', 'SELECT * reads every column', 3_000, 100_000, 70_000),
    insight('TINY_QUERY_FLOOD', 'Flood of tiny queries billed at the 10 MB minimum', 200, 0.6, 0.54),
  ],
}

function render() {
  const api = stubApi(on('GET', bigqueryEndpoints.insightsOverview.path, () => json(overview)))
  const view = renderWithProviders(<BigQueryInsightsOverviewPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'BIGQUERYV2', role: 'user' })),
    route: '/osd_insights',
  })
  return { ...api, ...view }
}

describe('BigQuery insights overview (R163 /osd_insights)', () => {
  it('shows the jobs with insights, their cost and the estimated saving in USD over the last 7 days', async () => {
    const { requests } = render()
    const kpis = await screen.findByRole('region', { name: 'Insight totals' })
    expect(kpis).toHaveTextContent('5,200')
    expect(kpis).toHaveTextContent('40.0 % of 13,000 jobs')
    expect(kpis).toHaveTextContent('$ 1,875.0060')
    expect(kpis).toHaveTextContent('$ 1,500.0025')
    const params = new URL(requests[0]!.url).searchParams
    expect(Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!)).toBeGreaterThan(6 * DAY)
    expect(screen.getByRole('heading', { level: 1, name: 'Insights Overview' })).toBeInTheDocument()
  })

  it('lists each insight, the greatest saving first, linked to its jobs in the job list over the same window', async () => {
    render()
    const table = await findSettledTable({ name: 'Insights' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('No partition filter on a partitioned table')
    expect(rows[0]).toHaveTextContent('2,000')
    expect(rows[0]).toHaveTextContent('$ 1,743.7500')
    expect(rows[0]).toHaveTextContent('Fix No partition filter')
    const href = within(rows[0]!)
      .getByRole('link', { name: /No partition filter/ })
      .getAttribute('href')!
    const linked = new URL(href, 'http://x')
    expect(linked.pathname).toBe('/job/list')
    expect(linked.searchParams.get('insights')).toBe('NO_PARTITION_FILTER')
    expect(linked.searchParams.get('tab')).toBe('inefficient')
    expect(linked.searchParams.get('showUnravelJobs')).toBe('true')
    expect(linked.searchParams.get('startTime')).toBeTruthy()
  })

  it('draws the savings side by side against the greatest one', async () => {
    render()
    const bars = await screen.findByRole('table', { name: 'Estimated saving by insight' })
    expect(within(bars).getAllByRole('row')).toHaveLength(4)
    expect(bars).toHaveTextContent('$ 0.0054')
  })
})
