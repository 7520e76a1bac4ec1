import { configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DcbResponse } from '@costlens/shared'
import { json, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import type { ChargebackChartsProps } from './chargeback-charts.tsx'
import ChargebackPage from './chargeback-page.tsx'
import { databricksChargebackArgs, databricksLevel } from './databricks-flavour.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())
configure({ asyncUtilTimeout: 4000 })
vi.setConfig({ testTimeout: 20_000 })

// The charts are drawn in chargeback-charts.test.tsx; here they say what they were given.
vi.mock('./chargeback-charts.tsx', () => ({
  ChargebackCharts: ({ level, measures, groupLabel }: ChargebackChartsProps) => (
    <figure aria-label={`Charts by ${groupLabel}`}>
      {measures.map((m) => m.label).join(', ')}: {level.rows.map((r) => r.label).join(', ')}
    </figure>
  ),
}))

/**
 * Job runs by user then workspace: alice 3 runs, 120.5 DBUs, $ 90.25 (prod 2, dev 1); the service
 * principal 1 run, 30 DBUs, $ 9.75. ms = DBUs × 100, vs = cost × 100 (02 §3).
 */
const dcb: DcbResponse = {
  cb: [
    {
      v1: 'alice@acme.example',
      v1Label: 'alice@acme.example',
      count: 3,
      ms: 12_050,
      vs: 9_025,
      cb: [
        { v2: 'acme-prod-aws', v2Label: 'acme-prod-aws', count: 2, ms: 10_000, vs: 8_000 },
        { v2: 'acme-dev', v2Label: 'acme-dev', count: 1, ms: 2_050, vs: 1_025 },
      ],
    },
    {
      v1: 'etl-sp',
      v1Label: 'etl-sp',
      count: 1,
      ms: 3_000,
      vs: 975,
      cb: [{ v2: 'acme-prod-aws', v2Label: 'acme-prod-aws', count: 1, ms: 3_000, vs: 975 }],
    },
  ],
  cbInfo: {
    kind: 'db',
    cbType: 'DBX_JOB_RUN',
    from: 0,
    to: 1,
    groupBy: ['realuser', 'queue'],
    total: { count: 4, ms: 15_050, vs: 10_000 },
  },
}

function render(route = '/cost_explorer/chargeback', plan: 'enterprise' | 'freemium' = 'enterprise') {
  const stub = stubApi((request) => {
    const path = new URL(request.url).pathname
    if (path.startsWith('/api/v1/search/dcb/')) return json(dcb)
    // The window's tags come from the cost trends' tag breakdown.
    if (path.endsWith('/databricks/cost/trends'))
      return json({ values: ['team:ml', 'env:prod', 'team:data', ''] })
    return undefined
  })
  const view = renderWithProviders(<ChargebackPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'DB', role: 'admin', plan })),
    route,
  })
  const searches = () =>
    stub.requests.filter((r) => r.url.includes('/search/dcb/')).map((r) => new URL(r.url))
  return { ...view, ...stub, searches }
}

const cells = async (name: RegExp) =>
  within(await findSettledTable({ name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    )

describe('/cost_explorer/chargeback, Databricks (R182; 02 §2, §4 Chargeback flow)', () => {
  it('B146 the types are Cluster and JobRun; Cluster asks dcb kind spark by User and Workspace', async () => {
    const { searches } = render()
    expect(await screen.findByRole('radio', { name: 'Cluster' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'JobRun' })).toBeInTheDocument()
    await waitFor(() => expect(searches().length).toBeGreaterThan(0))
    const url = searches().at(-1)!
    expect(url.pathname).toBe('/api/v1/search/dcb/realuser/queue')
    expect(url.searchParams.get('kind')).toBe('spark')
  })

  it('02 §3 dbus = ms/100 and cost = vs/100, with their shares; JobRun counts runs (kind db)', async () => {
    const { searches } = render('/cost_explorer/chargeback?cbType=JobRun')
    const rows = await cells(/^Chargeback by User$/)
    expect(rows[0]).toEqual(['alice@acme.example', '3', '120.5 DBU', '80.07%', '$ 90.25', '90.25%'])
    expect(rows[1]).toEqual(['etl-sp', '1', '30 DBU', '19.93%', '$ 9.75', '9.75%'])
    expect(screen.getByRole('columnheader', { name: /Runs/ })).toBeInTheDocument()
    expect(searches().at(-1)!.searchParams.get('kind')).toBe('db')
  })

  it('B149 drilling into a user shows its workspaces; the drill path goes back', async () => {
    const { user, router } = render('/cost_explorer/chargeback?cbType=JobRun')
    await user.click(await screen.findByRole('button', { name: 'alice@acme.example' }))
    const rows = await cells(/^Chargeback by Workspace$/)
    expect(rows.map((r) => [r[0], r[4], r[5]])).toEqual([
      ['acme-prod-aws', '$ 80.00', '88.64%'],
      ['acme-dev', '$ 10.25', '11.36%'],
    ])
    expect(router.state.location.search).toContain('drill=alice%40acme.example')
    await user.click(screen.getByRole('button', { name: 'All by User' }))
    await waitFor(() => expect(router.state.location.search).not.toContain('drill='))
  })

  it('B153 Tag Key: a group-by per tag key of the window, sent as tag:<key>', async () => {
    const { user, searches } = render('/cost_explorer/chargeback?cbType=JobRun')
    await cells(/^Chargeback by User$/)
    await user.click(screen.getByRole('combobox', { name: 'Group by' }))
    await user.click(screen.getByRole('option', { name: 'User' }))
    await user.click(await screen.findByRole('option', { name: 'Tag Key: team' }))
    await waitFor(() => expect(searches().at(-1)!.pathname).toBe('/api/v1/search/dcb/queue/tag%3Ateam'))
    const rows = await cells(/^Chargeback by Workspace$/)
    expect(rows.length).toBeGreaterThan(0)
  })

  it('C20 the free plan: the download is locked', async () => {
    render('/cost_explorer/chargeback?cbType=JobRun', 'freemium')
    await cells(/^Chargeback by User$/)
    expect(
      screen.getByRole('button', { name: /Download Chargeback by User \(.*Upgrade/ }),
    ).toBeInTheDocument()
  })
})

describe('databricks flavour', () => {
  it('sends the window as epoch seconds, the kind of the type and the tag filters', () => {
    const view = {
      type: 'JobRun' as const,
      dateRange: { start: 1_700_000_000_500, end: 1_700_600_000_000 },
      rangeLabel: '7_d',
      groupBys: ['queue'],
      path: [],
      clusterUid: '*',
      tags: { team: ['ml'] },
      amounts: { vsAmount: null, msAmount: null },
    }
    expect(databricksChargebackArgs(view)).toEqual({
      groups: ['queue'],
      params: { kind: 'db', from: '1700000000', to: '1700600000', tags: 'team:ml' },
    })
    expect(databricksLevel(dcb, view).total).toMatchObject({ count: 4, ms: 15_050, vs: 10_000 })
  })
})
