import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { databricksDrillDownEndpoints, type DatabricksDrillDown, type DrillRow } from '@costlens/shared'
import { renderPage, stubEndpoint } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import DatabricksDrillDownsPage, { formatChange } from './drilldowns-page.tsx'
import { drillBack, drillInto, readDrillView } from './drilldowns-state.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

const DAY = 86_400_000
const NOW = Date.parse('2026-11-22T12:00:00Z')
const ENDPOINT = databricksDrillDownEndpoints.costDrillDowns

/** The data rows of the table whose name (its caption, which ends with the range) matches. */
const rowsOf = async (name: RegExp) =>
  within(await findSettledTable({ name }, { timeout: 15_000 }))
    .getAllByRole('row')
    .slice(1)

const row = (key: string, label: string, value: number, extra: Partial<DrillRow> = {}): DrillRow => ({
  key,
  label,
  value,
  cost: value,
  dbus: value / 2,
  count: 3,
  share: value / 100,
  previous: value / 2,
  change: 1,
  ...extra,
})

/** The call's answer: by workspace at the top, by compute type under one, jobs under that. */
function answer(request: Request): DatabricksDrillDown {
  const q = new URL(request.url).searchParams
  const groupBy = q.get('groupBy')!
  const rows =
    groupBy === 'workspace'
      ? [
          row('acme-prod-aws', 'acme-prod-aws', 60),
          row('acme-ml', 'acme-ml', 40, { change: null, previous: 0 }),
        ]
      : groupBy === 'computeType'
        ? [row('JOBS', 'Jobs', 45), row('SQL', 'SQL', 15)]
        : [
            row('job:acme-prod-aws/101', 'nightly-etl', 45, {
              source: { kind: 'job', id: '101', workspace: 'acme-prod-aws' },
            }),
          ]
  const path = (q.get('path') ?? '')
    .split(',')
    .filter(Boolean)
    .map((p) => {
      const at = p.lastIndexOf(':')
      const value = decodeURIComponent(p.slice(at + 1))
      return { dimension: p.slice(0, at), value, label: value === 'JOBS' ? 'Jobs' : value }
    })
  return {
    unit: (q.get('unit') ?? 'USD') as 'USD',
    groupBy,
    from: Date.parse(`${q.get('gte')}T00:00:00Z`),
    to: NOW,
    previousFrom: 0,
    previousTo: 0,
    path,
    level: { value: 100, cost: 100, dbus: 50, count: 6, previous: 50 },
    total: 100,
    rows,
    values: rows.length,
    tagKeys: ['team'],
  }
}

const render = (route: string, plan: 'enterprise' | 'freemium' = 'enterprise') =>
  renderPage(<DatabricksDrillDownsPage />, {
    route,
    user: testUser({ clusterType: 'DB', role: plan === 'freemium' ? 'user' : 'admin', plan }),
    stubs: [stubEndpoint(ENDPOINT, answer)],
  })

describe('/cost_explorer/drill_downs (R180)', () => {
  it('lands on 30 days by workspace in USD: the rows, their share, change and a trend link', async () => {
    const { queries } = render('/cost_explorer/drill_downs')
    const rows = await rowsOf(/Cost by workspace/)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('acme-prod-aws')
    expect(rows[0]).toHaveTextContent('60.00%')
    expect(rows[0]).toHaveTextContent('▲ +100.00%')
    expect(rows[1]).toHaveTextContent('new')
    const trend = within(rows[0]!).getByRole('link', { name: 'Trend of acme-prod-aws' })
    expect(trend.getAttribute('href')).toContain('/cost_explorer/trends?')
    expect(trend.getAttribute('href')).toContain('item=acme-prod-aws')
    const q = queries(ENDPOINT).at(-1)!
    expect(Object.fromEntries(q)).toMatchObject({ groupBy: 'workspace', unit: 'USD' })
    const days = (Date.parse(`${q.get('lte')}T00:00:00Z`) - Date.parse(`${q.get('gte')}T00:00:00Z`)) / DAY + 1
    expect(days).toBe(30)
  })

  it('a row opens the next level, the path is kept in the address, the breadcrumb goes back', async () => {
    const { queries, router } = render('/cost_explorer/drill_downs')
    const rows = await rowsOf(/Cost by workspace/)
    await userEvent.click(
      within(rows[0]!).getByRole('link', { name: /acme-prod-aws: break down by compute type/ }),
    )
    const types = await rowsOf(/Cost by compute type/)
    expect(types[0]).toHaveTextContent('Jobs')
    await waitFor(() =>
      expect(Object.fromEntries(queries(ENDPOINT).at(-1)!)).toMatchObject({
        groupBy: 'computeType',
        path: 'workspace:acme-prod-aws',
      }),
    )
    expect(router.state.location.search).toContain('path=workspace%3Aacme-prod-aws')
    await userEvent.click(within(types[0]!).getByRole('link', { name: /Jobs: break down by source/ }))
    const jobs = await rowsOf(/Cost by source/)
    expect(within(jobs[0]!).getByRole('link', { name: 'Runs of nightly-etl' }).getAttribute('href')).toBe(
      '/jobs/runs?jobIds=101',
    )
    const crumbs = within(screen.getByRole('navigation', { name: 'Drill-down path' }))
    expect(crumbs.getByText('Compute type: Jobs')).toHaveAttribute('aria-current', 'page')
    await userEvent.click(crumbs.getByRole('link', { name: 'Workspace: acme-prod-aws' }))
    expect(await rowsOf(/Cost by compute type/)).toHaveLength(2)
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Drill-down path' })).getByRole('link', {
        name: 'All usage',
      }),
    )
    expect(await rowsOf(/Cost by workspace/)).toHaveLength(2)
  })

  it('DBU unit from the address: DBUs in the call and the columns', async () => {
    const { queries } = render('/cost_explorer/drill_downs?unit=DBU&groupBy=user')
    const rows = await rowsOf(/DBUs by user/)
    expect(rows[0]).toHaveTextContent('45 DBU')
    expect(Object.fromEntries(queries(ENDPOINT).at(-1)!)).toMatchObject({ unit: 'DBU', groupBy: 'user' })
  })

  it('free plan: 7 days at most and no tag level, even when the address asks', async () => {
    const { queries } = render(
      '/cost_explorer/drill_downs?gte=2026-10-01&lte=2026-11-22&groupBy=tag:team&path=tag:env:prod',
      'freemium',
    )
    await rowsOf(/Cost by workspace/)
    const q = Object.fromEntries(queries(ENDPOINT).at(-1)!)
    expect(q).toMatchObject({ groupBy: 'workspace', gte: '2026-11-16', lte: '2026-11-22' })
    expect(q.path).toBeUndefined()
    expect(screen.getByText('Tag levels are not included in the free plan.')).toBeInTheDocument()
  })
})

describe('drill-down state', () => {
  const base = readDrillView('?gte=2026-11-01&lte=2026-11-22', NOW, false)
  it('into: the value joins the path, the next open dimension shows; tag keys come last', () => {
    const one = drillInto(base, 'ws', ['team'], false)!
    expect(one).toMatchObject({ path: [{ dimension: 'workspace', value: 'ws' }], groupBy: 'computeType' })
    const two = drillInto(one, 'JOBS', ['team'], false)!
    const three = drillInto(two, 'job:ws/1', ['team'], false)!
    const four = drillInto(three, 'me', ['team'], false)!
    expect(four.groupBy).toBe('tag:team')
    expect(drillInto(four, 'x', ['team'], false)).toBeNull()
    expect(drillInto(three, 'me', ['team'], true)).toBeNull()
    expect(drillBack(four, 1)).toMatchObject({
      path: [{ dimension: 'workspace', value: 'ws' }],
      groupBy: 'computeType',
    })
    expect(drillBack(four, 0)).toMatchObject({ path: [], groupBy: 'workspace' })
  })

  it.each([
    [null, 'new'],
    [0.125, '▲ +12.50%'],
    [-0.03, '▼ -3.00%'],
    [0, '0.00%'],
  ] as const)('change %s reads %s', (change, text) => {
    expect(formatChange(change)).toBe(text)
  })
})
