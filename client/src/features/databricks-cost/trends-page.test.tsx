import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { databricksCostEndpoints, type DatabricksCostTrends } from '@costlens/shared'
import { renderPage, stubEndpoint } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import DatabricksTrendsPage from './trends-page.tsx'
import { daysOfRange } from '../../kit/utc-days.ts'
import { addTrendValue, readTrendsView, removeTrendValue, trendsArgs } from './trends-state.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

const DAY = 86_400_000
const NOW = Date.parse('2026-11-22T12:00:00Z')

/** The call's answer: the values asked for (or the 5 largest of 6), $ 10 × rank a bucket. */
function answer(request: Request): DatabricksCostTrends {
  const q = new URL(request.url).searchParams
  const from = Date.parse(`${q.get('gte')}T00:00:00Z`)
  const step = q.get('granularity') === 'weekly' ? 7 * DAY : DAY
  const end = Math.min(Date.parse(`${q.get('lte')}T00:00:00Z`) + DAY, Date.now())
  const buckets: number[] = []
  for (let t = from; t < end; t += step) buckets.push(t)
  const values = ['ws-a', 'ws-b', 'ws-c', 'ws-d', 'ws-e', 'ws-f']
  const keys = q.get('filters')?.split(',') ?? values.slice(0, 5)
  const series = keys.map((key) => {
    const per = 10 * (6 - values.indexOf(key))
    return {
      key,
      label: key,
      total: per * buckets.length,
      points: buckets.map((t) => [t, per] as [number, number]),
    }
  })
  return {
    unit: (q.get('unit') ?? 'USD') as 'USD',
    granularity: (q.get('granularity') ?? 'daily') as 'daily',
    type: (q.get('type') ?? 'workspaces') as 'workspaces',
    from,
    to: end,
    buckets,
    series,
    total: 210 * buckets.length,
    values,
  }
}

const render = (route: string, plan: 'enterprise' | 'freemium' = 'enterprise') =>
  renderPage(<DatabricksTrendsPage />, {
    route,
    user: testUser({ clusterType: 'DB', role: plan === 'freemium' ? 'user' : 'admin', plan }),
    stubs: [stubEndpoint(databricksCostEndpoints.costTrends, answer)],
  })

describe('/cost_explorer/trends (R179, R183)', () => {
  it('lands on 30 days of cost by workspace in USD, daily: the 5 largest workspaces as trends', async () => {
    const { queries } = render('/cost_explorer/trends')
    const items = within(await screen.findByRole('list', { name: 'Trends' })).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    expect(items[0]).toHaveTextContent('1. ws-a')
    await waitFor(() => expect(queries(databricksCostEndpoints.costTrends).length).toBeGreaterThan(0))
    const q = queries(databricksCostEndpoints.costTrends).at(-1)!
    expect(Object.fromEntries(q)).toMatchObject({ type: 'workspaces', unit: 'USD', granularity: 'daily' })
    const days = (Date.parse(`${q.get('lte')}T00:00:00Z`) - Date.parse(`${q.get('gte')}T00:00:00Z`)) / DAY + 1
    expect(days).toBe(30)
    expect(q.get('filters')).toBeNull()
    const table = await findSettledTable({ name: /^Cost by workspace/ })
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5)
    expect(screen.getByRole('radio', { name: 'USD' })).toBeChecked()
  })

  it('Done-when: two workspaces in DBU, weekly, from the address; the call asks for just those', async () => {
    const { queries } = render(
      '/cost_explorer/trends?gte=2026-10-26&lte=2026-11-22&unit=DBU&granularity=weekly&item=ws-a&item=ws-c&selected=2',
    )
    const items = within(await screen.findByRole('list', { name: 'Trends' })).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('1. ws-a'),
      expect.stringContaining('2. ws-c'),
    ])
    expect(items[0]).toHaveTextContent('DBU')
    await waitFor(() =>
      expect(Object.fromEntries(queries(databricksCostEndpoints.costTrends).at(-1)!)).toMatchObject({
        unit: 'DBU',
        granularity: 'weekly',
        filters: 'ws-a,ws-c',
      }),
    )
    expect(screen.getByRole('radio', { name: 'DBU' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked()
    // The selected trend (ws-c, $ 40 a bucket in the stub) by week, newest first.
    const weeks = within(await findSettledTable({ name: 'ws-c by week' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      )
    expect(weeks).toEqual([
      ['2026-11-16', '40 DBU'],
      ['2026-11-09', '40 DBU'],
      ['2026-11-02', '40 DBU'],
      ['2026-10-26', '40 DBU'],
    ])
  })

  it('B168 removing the selected trend selects the last one left', async () => {
    const { router, user } = render('/cost_explorer/trends?item=ws-a&item=ws-b&item=ws-c&selected=1')
    await user.click(await screen.findByRole('button', { name: 'Remove the workspace ws-a' }))
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('item')).toEqual(['ws-b', 'ws-c']),
    )
    expect(new URLSearchParams(router.state.location.search).get('selected')).toBe('2')
  })

  it('the unit, granularity and breakdown write the address; another breakdown starts its trends over', async () => {
    const { router, user } = render('/cost_explorer/trends?item=ws-a')
    await user.click(await screen.findByRole('radio', { name: 'DBU' }))
    await waitFor(() => expect(router.state.location.search).toContain('unit=DBU'))
    await user.click(screen.getByRole('radio', { name: 'Users' }))
    await waitFor(() => expect(router.state.location.search).toContain('type=userName'))
    expect(new URLSearchParams(router.state.location.search).getAll('item')).toEqual([])
  })

  it('C20 the free plan: at most 7 days whatever the address says, no tag breakdown, no download', async () => {
    const { queries } = render('/cost_explorer/trends?gte=2026-09-01&lte=2026-11-22&type=tags', 'freemium')
    await screen.findByRole('list', { name: 'Trends' })
    await waitFor(() => expect(queries(databricksCostEndpoints.costTrends).length).toBeGreaterThan(0))
    const q = queries(databricksCostEndpoints.costTrends).at(-1)!
    expect(q.get('gte')).toBe('2026-11-16')
    expect(q.get('type')).toBe('workspaces')
    expect(screen.getByRole('radio', { name: 'Tags (upgrade)' })).toBeDisabled()
    // The download control (a chart's locked export names the upgrade text, which says 'downloads').
    expect(screen.queryByRole('button', { name: /^download/i })).toBeNull()
  })
})

describe('trend state (issue 20: 1–90 days, at most 5 values; B168)', () => {
  it.each([
    ['no range: the last 30 days', '', false, ['2026-10-24', '2026-11-22']],
    [
      'over 90 days: the 90 ending lte',
      '?gte=2026-01-01&lte=2026-11-22',
      false,
      ['2026-08-25', '2026-11-22'],
    ],
    ['free plan: 7 days at most', '?gte=2026-11-01&lte=2026-11-22', true, ['2026-11-16', '2026-11-22']],
    ['a future lte: today', '?gte=2026-11-20&lte=2027-01-01', false, ['2026-11-20', '2026-11-22']],
    ['gte after lte: the default', '?gte=2026-11-21&lte=2026-11-20', false, ['2026-10-22', '2026-11-20']],
  ] as const)('%s', (_name, search, freemium, [gte, lte]) => {
    expect(readTrendsView(search, NOW, freemium)).toMatchObject({ gte, lte })
  })

  it('a picked range is whole UTC days ending with its last: last 7 days is 7 days', () => {
    expect(daysOfRange({ start: NOW - 7 * DAY, end: NOW })).toEqual({ gte: '2026-11-16', lte: '2026-11-22' })
    expect(
      daysOfRange({ start: Date.parse('2026-11-01T00:00:00Z'), end: Date.parse('2026-11-03T23:59:59Z') }),
    ).toEqual({ gte: '2026-11-01', lte: '2026-11-03' })
  })

  it('adding keeps the drawn lines, selects the new one, stops at 5; the items are the filters sent', () => {
    const view = readTrendsView('?gte=2026-11-20&lte=2026-11-22', NOW, false)
    const added = addTrendValue(view, ['a', 'b'], 'c')
    expect(added).toMatchObject({ items: ['a', 'b', 'c'], selected: 3 })
    expect(trendsArgs(added).filters).toBe('a,b,c')
    expect(addTrendValue(added, [], 'a').selected).toBe(1)
    const five = addTrendValue(addTrendValue(added, [], 'd'), [], 'e')
    expect(addTrendValue(five, [], 'f').items).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('B168 removing renumbers and selects the last when the selected one went', () => {
    const view = { ...readTrendsView('?item=a&item=b&item=c&selected=2', NOW, false) }
    expect(removeTrendValue(view, [], 2)).toMatchObject({ items: ['a', 'c'], selected: 2 })
    expect(removeTrendValue(view, [], 1)).toMatchObject({ items: ['b', 'c'], selected: 1 })
  })
})
