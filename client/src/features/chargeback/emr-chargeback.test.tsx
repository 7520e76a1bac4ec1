import { configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emrEndpoints, type EmrChargebackResponse } from '@costlens/shared'
import { json, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import ChargebackPage from './chargeback-page.tsx'
import { emrCostSlices } from './emr-flavour.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())
configure({ asyncUtilTimeout: 4000 })
vi.setConfig({ testTimeout: 20_000 })

const CREATED = Date.parse('2026-11-20T08:00:00Z')
const row = (id: string, name: string, ec2: number, emr: number, ebs: number, perc: number) => ({
  cluster_id: id,
  cluster_name: name,
  created: CREATED,
  status_state: 'TERMINATED' as const,
  market_types: ['ON_DEMAND' as const, 'SPOT' as const],
  ec2,
  emr,
  ebs,
  total: ec2 + emr + ebs,
  avg_total: 1.5,
  total_perc: perc,
})

/** Two clusters: nightly-etl $ 1,234.50 of $ 1,334.50 (92.51 %), adhoc $ 100.00. */
const awscb: EmrChargebackResponse = {
  cb: [row('j-1ETL', 'nightly-etl', 1000, 200, 34.5, 92.51), row('j-2ADH', 'adhoc', 80, 16, 4, 7.49)],
  cbInfo: {
    from: 0,
    to: 1,
    groupBy: ['cluster'],
    clusters: 2,
    ec2: 1080,
    emr: 216,
    ebs: 38.5,
    total: 1334.5,
  },
}

/** search/awscb as the simulator answers it: clusterUid narrows the rows and the totals to that cluster. */
function answer(url: URL): EmrChargebackResponse {
  const one = url.searchParams.get('clusterUid')
  if (!one) return awscb
  const cb = awscb.cb.filter((r) => r.cluster_id === one).map((r) => ({ ...r, total_perc: 100 }))
  const sum = (pick: (r: (typeof cb)[number]) => number) => cb.reduce((n, r) => n + pick(r), 0)
  return {
    cb,
    cbInfo: {
      ...awscb.cbInfo,
      clusters: cb.length,
      ec2: sum((r) => r.ec2),
      emr: sum((r) => r.emr),
      ebs: sum((r) => r.ebs),
      total: sum((r) => r.total),
    },
  }
}

function render(route = '/cost/chargeback') {
  const stub = stubApi((request) => {
    const url = new URL(request.url)
    return url.pathname.startsWith('/api/v1/search/awscb/') ? json(answer(url)) : undefined
  })
  const view = renderWithProviders(<ChargebackPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'EMR' })),
    route,
  })
  const searches = () =>
    stub.requests.filter((r) => r.url.includes('/awscb/')).map((r) => new URL(r.url).searchParams)
  return { ...view, ...stub, searches }
}

const bodyRows = async () =>
  within(await findSettledTable({ name: 'Chargeback by cluster' }))
    .getAllByRole('row')
    .slice(1)

describe('/cost/chargeback EMR flavour (R099, 02 §2)', () => {
  it('02 §9 offers the EMR and Yarn types, EMR first', async () => {
    render()
    const types = await screen.findByRole('radiogroup', { name: 'Chargeback type' })
    expect(
      within(types)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['EMR', 'Yarn'])
  })

  it('B136 KPIs: the clusters count and the EC2, EMR, EBS and total costs in $ with 2 decimals', async () => {
    render()
    const kpis = within(await screen.findByRole('list', { name: 'Key figures' })).getAllByRole('listitem')
    await waitFor(() => expect(kpis[0]).toHaveTextContent('Clusters2'))
    expect(kpis.map((k) => k.textContent)).toEqual([
      'Clusters2',
      'EC2 cost (USD)$ 1,080.00',
      'EMR cost (USD)$ 216.00',
      'EBS cost (USD)$ 38.50',
      'Total cost (USD)$ 1,334.50',
    ])
  })

  it('the table has the 11 columns of 02 §2, most cost first, each cluster linking to its details', async () => {
    render()
    const table = await findSettledTable({ name: 'Chargeback by cluster' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers.map((h) => h?.replace(/[▲▼↑↓]/g, '').trim())).toEqual([
      'Cluster ID',
      'Cluster name',
      'Created (UTC)',
      'Status',
      'Market types',
      'EC2 (USD)',
      'EMR (USD)',
      'EBS (USD)',
      'Total (USD)',
      'Avg per hour (USD)',
      'Share of total',
    ])
    const first = within(table).getAllByRole('row')[1]!
    expect(first).toHaveTextContent(
      'j-1ETLnightly-etl11/20/2026 08:00:00TerminatedOn demand, Spot$ 1,000.00$ 200.00$ 34.50$ 1,234.50$ 1.50 / h92.51%',
    )
    expect(within(first).getByRole('link', { name: 'j-1ETL' })).toHaveAttribute(
      'href',
      '/clusters/j-1ETL/details/',
    )
  })

  it('B151 asks search/awscb with one group-by, the cluster, over the range', async () => {
    const { requests } = render()
    await findSettledTable({ name: 'Chargeback by cluster' })
    await waitFor(() => expect(requests.some((r) => r.url.includes('/awscb/'))).toBe(true))
    const url = new URL(requests.find((r) => r.url.includes('/awscb/'))!.url)
    expect(url.pathname).toBe(emrEndpoints.chargeback.path.replace('{group1}', 'cluster'))
    expect(Number(url.searchParams.get('to')) - Number(url.searchParams.get('from'))).toBeGreaterThan(
      6 * 86_400_000,
    )
    expect(screen.getByText(/EMR allows one group-by/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Group by' })).toBeNull()
  })

  it('B152 choosing a cluster narrows the rows and the totals to it, kept in the address and sent as clusterUid', async () => {
    const { user, router, searches } = render()
    await waitFor(async () => expect(await bodyRows()).toHaveLength(2))
    // The wildcard is not sent (02 §7).
    expect(searches()[0]?.has('clusterUid')).toBe(false)
    const filter = screen.getByRole('combobox', { name: 'Cluster' })
    expect(filter).toHaveValue('All clusters')
    await user.click(filter)
    await user.click(await screen.findByRole('option', { name: 'adhoc (j-2ADH)' }))

    await waitFor(() => expect(router.state.location.search).toBe('?clusterUid=j-2ADH'))
    // The narrowed search, beside one over every cluster that keeps the filter's choices.
    await waitFor(() => expect(searches().map((p) => p.get('clusterUid'))).toEqual([null, 'j-2ADH', null]))
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1))
    expect((await bodyRows())[0]).toHaveTextContent(/^j-2ADHadhoc/)
    const kpis = within(screen.getByRole('list', { name: 'Key figures' })).getAllByRole('listitem')
    expect(kpis.map((k) => k.textContent)).toEqual([
      'Clusters1',
      'EC2 cost (USD)$ 80.00',
      'EMR cost (USD)$ 16.00',
      'EBS cost (USD)$ 4.00',
      'Total cost (USD)$ 100.00',
    ])

    // Every cluster of the range is still offered, and All clusters brings them all back.
    await user.click(filter)
    expect(await screen.findByRole('option', { name: 'nightly-etl (j-1ETL)' })).toBeInTheDocument()
    await user.click(screen.getByRole('option', { name: 'All clusters' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await waitFor(async () => expect(await bodyRows()).toHaveLength(2))
  })

  it('B033 a link with a cluster opens narrowed to it, the filter naming it', async () => {
    const { searches } = render('/cost/chargeback?clusterUid=j-1ETL')
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1))
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Cluster' })).toHaveValue('nightly-etl (j-1ETL)'),
    )
    // The narrowed search, and the same range over every cluster for the filter's choices.
    expect(
      searches()
        .map((p) => p.get('clusterUid'))
        .sort(),
    ).toEqual(['j-1ETL', null])
  })

  it('a cluster not created in the range says so', async () => {
    render('/cost/chargeback?clusterUid=j-GONE')
    expect(
      await screen.findByText('Cluster j-GONE was not created in this range', { selector: 'td *, td' }),
    ).toBeInTheDocument()
  })

  it('the donut names the 9 most costly clusters and puts the rest in one slice', () => {
    const many = Array.from({ length: 12 }, (_, i) => row(`j-${i}`, `c${i}`, i + 1, 0, 0, 0))
    const slices = emrCostSlices(many)
    expect(slices).toHaveLength(10)
    expect(slices[0]).toEqual({ name: 'c11', value: 12 })
    expect(slices[9]).toEqual({ name: '3 other clusters', value: 1 + 2 + 3 })
  })
})
