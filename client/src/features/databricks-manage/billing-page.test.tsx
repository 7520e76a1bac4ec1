import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { billingFrom, type DatabricksBilling } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { stackedBarChartOptions } from '../../components/charts/stacked-bar-chart.tsx'
import BillingPage, { billingQuery, monthSeries } from './billing-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const BILLING = '/api/v1/ds/api/v1/databricks/billing'

const workload = (month: string, sku: DatabricksBilling['workloads'][number]['sku'], over = {}) => ({
  month,
  sku,
  workloadType:
    {
      JOBS_LIGHT_COMPUTE: 'Jobs Light Compute',
      JOBS_COMPUTE: 'Jobs Compute',
      ALL_PURPOSE_COMPUTE: 'All Purpose Compute',
    }[sku as 'JOBS_COMPUTE'] ?? 'SQL Pro',
  dbus: 0,
  costPerUnit: 0,
  cost: 0,
  instanceHours: 0,
  ...over,
})

const billing = (over: Partial<DatabricksBilling> = {}): DatabricksBilling => ({
  plan: 'Commit plan',
  startDate: Date.UTC(2025, 11, 17),
  endDate: Date.UTC(2026, 11, 17),
  daysLeft: 25,
  startingCredit: 250_000,
  consumed: 1234.5,
  balance: 248_765.5,
  monthlyThreshold: 30_000,
  outstandingAmount: 0,
  from: Date.UTC(2026, 10, 1),
  to: Date.UTC(2026, 10, 22, 12),
  months: [{ month: '2026-11', dbus: 3000, cost: 1234.5, aboveThreshold: false }],
  workloads: [
    workload('2026-11', 'JOBS_LIGHT_COMPUTE'),
    workload('2026-11', 'JOBS_COMPUTE', { dbus: 2000, costPerUnit: 0.15, cost: 300, instanceHours: 120.5 }),
    workload('2026-11', 'ALL_PURPOSE_COMPUTE', {
      dbus: 1000,
      costPerUnit: 0.55,
      cost: 550,
      instanceHours: 40,
    }),
    workload('2026-11', 'SQL_PRO', { dbus: 700, costPerUnit: 0.55, cost: 384.5, instanceHours: 12 }),
  ],
  ...over,
})

function render(answer: () => Response, route = '/manage/billing') {
  const api = stubApi(on('GET', BILLING, answer))
  return {
    ...api,
    ...renderWithProviders(<BillingPage />, {
      preloadedState: signedIn(testUser({ clusterType: 'DB', role: 'admin' })),
      route,
    }),
  }
}

describe('B169 the billing call sends the range start date plus 15 days as from', () => {
  it.each([
    [
      'this month (from the 1st)',
      Date.UTC(2026, 10, 1),
      Date.UTC(2026, 10, 22, 12),
      '2026-11-16',
      '2026-11-22',
    ],
    ['last month', Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 31, 23, 59), '2026-10-16', '2026-10-31'],
    ['last 7 days', Date.UTC(2026, 10, 15, 12), Date.UTC(2026, 10, 22, 12), '2026-11-30', '2026-11-22'],
  ])('%s', (_what, start, end, from, to) => {
    expect(billingQuery({ start, end })).toEqual({ from, to })
  })

  it('the page asks for the picked range’s start + 15 days', async () => {
    const start = Date.UTC(2026, 9, 1)
    const end = Date.UTC(2026, 10, 20)
    const { requests } = render(() => json(billing()), `/manage/billing?start_date=${start}&end_date=${end}`)
    await waitFor(() => expect(requests.length).toBeGreaterThan(0))
    const url = new URL(requests[0]!.url)
    expect(url.searchParams.get('from')).toBe('2026-10-16')
    expect(url.searchParams.get('to')).toBe('2026-11-20')
  })

  it('by default (bills: this month) from is the 16th of this month', async () => {
    const { requests } = render(() => json(billing()))
    await waitFor(() => expect(requests.length).toBeGreaterThan(0))
    const now = new Date()
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10)
    expect(new URL(requests[0]!.url).searchParams.get('from')).toBe(billingFrom(first))
  })
})

describe('/manage/billing', () => {
  it('shows the contract labels with units and the expiry warning with the contact-sales hint', async () => {
    render(() => json(billing()))
    expect(
      await screen.findByText('The Billing Contract will expire in 25 days; contact the sales team.'),
    ).toBeInTheDocument()
    const contract = screen.getByRole('region', { name: 'Billing contract' })
    for (const [label, value] of [
      ['Plan', 'Commit plan'],
      ['Starting credit', '$ 250,000.00'],
      ['Balance', '$ 248,765.50'],
      ['Monthly threshold', '$ 30,000.00'],
      ['Outstanding amount', '$ 0.00'],
    ] as const)
      expect(within(contract).getByText(label).closest('dl')).toHaveTextContent(value)
  })

  it('no warning while the contract has more than 30 days left', async () => {
    render(() => json(billing({ daysLeft: 31 })))
    await screen.findByRole('region', { name: 'Billing contract' })
    expect(screen.queryByText(/The Billing Contract will expire/)).not.toBeInTheDocument()
  })

  it('lists each workload type with DBUs, cost per unit, cost and instance hours', async () => {
    render(() => json(billing()))
    const table = await findSettledTable({ name: 'Consumption by workload type' })
    const jobs = (await within(table).findByText('Jobs Compute')).closest('tr')!
    expect(jobs).toHaveTextContent('2,000')
    expect(jobs).toHaveTextContent('$ 0.1500')
    expect(jobs).toHaveTextContent('$ 300.0000')
    expect(jobs).toHaveTextContent('120.5')
    expect(within(table).getByText('Jobs Light Compute')).toBeInTheDocument()
    expect(within(table).getByText('All Purpose Compute')).toBeInTheDocument()
  })

  it('charts each month by workload type with a cost (Jobs Light at 0 is left out)', () => {
    expect(monthSeries(billing()).map((s) => [s.name, s.data])).toEqual([
      ['Jobs Compute', [300]],
      ['All Purpose Compute', [550]],
      ['SQL Pro', [384.5]],
    ])
  })

  it('the monthly chart holds the bars against the threshold: a dashed line, kept in view', () => {
    const options = stackedBarChartOptions({
      title: 'Monthly consumption against the threshold',
      categories: ['2026-11'],
      series: monthSeries(billing()),
      threshold: { value: 30_000, label: 'Monthly threshold $ 30,000.00' },
    })
    const axis = options.yAxis as { softMax?: number; plotLines?: { value: number; dashStyle: string }[] }
    expect(axis.softMax).toBe(30_000)
    expect(axis.plotLines).toEqual([expect.objectContaining({ value: 30_000, dashStyle: 'Dash' })])
  })

  it("no contract (404) or a failed call: 'Billing data not available'", async () => {
    render(() => json({ statusCode: 404, error: 'Not Found', message: 'Billing data not available' }, 404))
    expect(await screen.findByText('Billing data not available')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Billing contract' })).not.toBeInTheDocument()
  })

  it('the end date says how many days are left', async () => {
    render(() => json(billing({ endDate: Date.UTC(2026, 11, 17), daysLeft: 25 })))
    const contract = await screen.findByRole('region', { name: 'Billing contract' })
    expect(within(contract).getByText('End date').closest('dl')).toHaveTextContent('25 days left')
  })
})
