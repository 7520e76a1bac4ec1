import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { budgetEndpoints, emrEndpoints, tagsEndpoints } from '@costlens/shared'
import { testBudget, testCostDays, testEmrClusterPage } from '../../../test/emr.ts'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import CostTrendsPage from './cost-trends-page.tsx'
import { rowsAgainstBudget, trendWindow } from './trend-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

const allBudget = testBudget({ amount: 30_000, spendToDate: 20_000, forecast: 29_000, spentPercent: 66.7 })

/** 70 days of every cluster at $ 1,000 a day, or of a tag at $ 100 a day. */
const render = (route: string) =>
  renderPage(<CostTrendsPage />, {
    route,
    user: testUser({ clusterType: 'EMR', role: 'admin' }),
    stubs: [
      stubEndpoint(emrEndpoints.costTrends, (request) => {
        const rows = testCostDays(70, new URL(request.url).searchParams.get('tag') ? 100 : 1000)
        return { from: rows[0]!.ts, to: Date.now(), total: 0, days: rows }
      }),
      stubEndpoint(budgetEndpoints.list, {
        platform: 'EMR',
        budgets: [allBudget],
        errors: [],
        limit: 200,
        choices: { workspaces: [], tags: [] },
      }),
      stubEndpoint(tagsEndpoints.awsTags, [{ key: 'team', values: ['data'] }]),
      stubEndpoint(emrEndpoints.clusterSearch, { ...testEmrClusterPage(), clusters: [], total: 0 }),
    ],
  })

describe('/cost/trends', () => {
  it('lands on the global trend over 30 days with the budget that covers it', async () => {
    render('/cost/trends')
    const trends = await screen.findByRole('list', { name: 'Trends' })
    const items = within(trends).getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]).toHaveTextContent('1. All EMR clusters')
    expect(await within(items[0]!).findByText('At Risk')).toBeInTheDocument()
    expect(within(items[0]!).getByRole('button', { name: 'Show All EMR clusters' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect((await tableRows('Cost by day: All EMR clusters')).length).toBeGreaterThan(0)
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked()
  })

  it('reads the trends, the selection and the range from the address, and asks for each trend', async () => {
    const { queries } = render('/cost/trends?days=7&item=global&item=tag:team=data&selected=2')
    const items = within(await screen.findByRole('list', { name: 'Trends' })).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('1. All EMR clusters'),
      expect.stringContaining('2. Tag team = data'),
    ])
    expect(await findSettledTable({ name: 'Cost by day: Tag team = data' })).toBeInTheDocument()
    await waitFor(() =>
      expect(queries(emrEndpoints.costTrends).some((q) => q.get('tag') === 'team:data')).toBe(true),
    )
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked()
  })

  it('B168 removing the selected trend selects the last one left and renumbers', async () => {
    const { router, user } = render('/cost/trends?item=global&item=tag:team=data&item=cluster:j-1&selected=1')
    await user.click(await screen.findByRole('button', { name: 'Remove the trend All EMR clusters' }))
    await waitFor(() => expect(router.state.location.search).toContain('selected=2'))
    const params = new URLSearchParams(router.state.location.search)
    expect(params.getAll('item')).toEqual(['tag:team=data', 'cluster:j-1'])
    const items = within(screen.getByRole('list', { name: 'Trends' })).getAllByRole('listitem')
    expect(items[1]).toHaveTextContent('2. Cluster j-1')
  })

  it('the range picker writes the address', async () => {
    const { router, user } = render('/cost/trends')
    await user.click(await screen.findByRole('radio', { name: '90 days' }))
    await waitFor(() => expect(router.state.location.search).toContain('days=90'))
  })
})

describe('trend windows and overruns', () => {
  it('asks from the first of the month the range starts in, so a month’s running spend is whole', () => {
    const now = Date.parse('2026-11-22T12:00:00Z')
    expect(trendWindow(30, now)).toEqual({
      shownFrom: '2026-10-24',
      from: Date.parse('2026-10-01T00:00:00Z'),
    })
    expect(trendWindow(7, now)).toEqual({ shownFrom: '2026-11-16', from: Date.parse('2026-11-01T00:00:00Z') })
  })

  it('fills each day’s overrun month by month against the budget', () => {
    const rows = [
      { ...testCostDays(1, 0)[0]!, date: '2026-10-31', cost: 400 },
      { ...testCostDays(1, 0)[0]!, date: '2026-11-01', cost: 200 },
      { ...testCostDays(1, 0)[0]!, date: '2026-11-02', cost: 200 },
    ]
    expect(rowsAgainstBudget(rows, { ...allBudget, amount: 300 }).map((r) => r.budgetOverrunCost)).toEqual([
      100, 0, 100,
    ])
    expect(rowsAgainstBudget(rows, undefined).map((r) => r.budgetOverrunCost)).toEqual([0, 0, 0])
  })
})
