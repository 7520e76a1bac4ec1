import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  bigqueryEndpoints,
  type BigQueryCostOverview,
  type BigQueryCostRow,
  type BigQueryCostTags,
  type BigQueryTopK,
  type BigQueryTopRow,
} from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import BigQueryCostPage from './cost-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const DAY = 86_400_000
const T0 = Date.parse('2026-11-15T00:00:00.000Z')
const totals = { cost: 222_901.2, jobCount: 1_300, billedBytes: 3 * 2 ** 40, slotMs: 3_600_000 }
const row = (
  id: string,
  cost: number,
  share: number,
  more: Partial<BigQueryCostRow> = {},
): BigQueryCostRow => ({
  id,
  name: id,
  cost,
  jobCount: 10,
  billedBytes: 2 ** 30,
  slotMs: 60_000,
  share,
  previousCost: 0,
  changePercent: null,
  ...more,
})

const overview: BigQueryCostOverview = {
  startTime: new Date(T0).toISOString(),
  endTime: new Date(T0 + 7 * DAY - 1).toISOString(),
  previousStartTime: new Date(T0 - 7 * DAY).toISOString(),
  previousEndTime: new Date(T0 - 1).toISOString(),
  pointInterval: 'day',
  total: totals,
  previous: { ...totals, cost: 200_000 },
  changePercent: 11.45,
  trend: [
    {
      id: 'Q',
      name: 'Query',
      data: [
        [T0, 100_000],
        [T0 + DAY, 122_901.2],
      ],
    },
  ],
  projects: [
    row('acme-marketing-analytics', 187_501.2, 84.12, { previousCost: 150_000, changePercent: 25 }),
    row('acme-data-prod', 35_400, 15.88),
  ],
  users: [row('alice@acme.example', 188_500, 84.57)],
  reservations: [
    row('on-demand', 187_501.2, 84.12, { name: 'On-demand' }),
    row('acme-admin:US.etl', 35_400, 15.88),
  ],
  jobTypes: [row('Q', 222_901.2, 100, { name: 'Query' })],
}

const top = (id: string, cost: number, more: Partial<BigQueryTopRow> = {}): BigQueryTopRow => ({
  id,
  name: id,
  cost,
  jobCount: 4,
  billedBytes: 2 ** 40,
  slotMs: 900_000,
  share: 50,
  signature: '',
  sqlShort: '',
  sampleJobId: '',
  ...more,
})
const topk = (k: number): BigQueryTopK => ({
  startTime: overview.startTime,
  endTime: overview.endTime,
  k,
  total: totals,
  projects: Array.from({ length: k }, (_, i) => top(`project-${i + 1}`, 1000 - i)),
  users: [top('alice@acme.example', 900)],
  statements: [
    top('7', 125_000, {
      signature: 'sig-star',
      sqlShort: 'SELECT * FROM `acme-data-prod.sales.orders`',
      sampleJobId: 'bqjob_s11',
    }),
  ],
  signatures: [top('sig-star', 187_500, { signature: 'sig-star', sampleJobId: 'bqjob_s11' })],
})

const tags = (key: string): BigQueryCostTags => ({
  startTime: overview.startTime,
  endTime: overview.endTime,
  total: totals,
  keys: [
    { id: 'env', name: 'env', ...totals, share: 100 },
    { id: 'team', name: 'team', ...totals, share: 100 },
    { id: '', name: '(untagged)', cost: 0.6, jobCount: 2, billedBytes: 0, slotMs: 0, share: 0 },
  ],
  key,
  values: [
    { id: 'marketing', name: 'marketing', ...totals, cost: 187_500.6, share: 84.12 },
    { id: '', name: '(untagged)', cost: 0.6, jobCount: 3, billedBytes: 0, slotMs: 0, share: 0 },
  ],
})

function render(route: string) {
  const api = stubApi(
    on('GET', bigqueryEndpoints.costOverview.path, () => json(overview)),
    on('GET', bigqueryEndpoints.costTopK.path, (req) =>
      json(topk(Number(new URL(req.url).searchParams.get('k')))),
    ),
    on('GET', bigqueryEndpoints.costTags.path, (req) =>
      json(tags(new URL(req.url).searchParams.get('key') ?? 'env')),
    ),
  )
  const view = renderWithProviders(<BigQueryCostPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'BIGQUERYV2' })),
    route,
  })
  return { ...api, ...view }
}

describe('BigQuery cost pages', () => {
  it('R152 Cost 360: the cost in USD from cents (4 decimals, as the job list shows it) against the period before, over the last 7 days', async () => {
    const { requests } = render('/cost/osd_cost360')
    const kpis = await screen.findByRole('region', { name: 'Cost totals' })
    expect(kpis).toHaveTextContent('$ 2,229.0120')
    expect(kpis).toHaveTextContent('▲ +11.45% vs $ 2,000.0000 before')
    expect(kpis).toHaveTextContent('1,300')
    expect(kpis).toHaveTextContent('3.00 TB')
    const params = new URL(requests[0]!.url).searchParams
    expect(Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!)).toBeGreaterThan(6 * DAY)
    expect(screen.getByRole('button', { name: /Date range: Last 7 Days/ })).toBeInTheDocument()
  })

  it('R152 Cost 360: spend by project, user, reservation (on demand its own row) and job type, each with its share and cost before', async () => {
    render('/cost/osd_cost360')
    const projects = await findSettledTable({ name: 'Cost by project' })
    const first = within(projects).getAllByRole('row')[1]!
    expect(first).toHaveTextContent('acme-marketing-analytics')
    expect(first).toHaveTextContent('$ 1,875.0120')
    expect(first).toHaveTextContent('84.12%')
    expect(first).toHaveTextContent('$ 1,500.0000')
    expect(first).toHaveTextContent('▲ +25.00%')
    const link = within(first).getByRole('link', { name: 'acme-marketing-analytics' }).getAttribute('href')!
    const linked = new URL(link, 'http://x').searchParams
    expect(linked.get('projectId')).toBe('acme-marketing-analytics')
    expect(linked.get('showUnravelJobs')).toBe('true')
    const reservations = screen.getByRole('table', { name: 'Cost by reservation' })
    expect(within(reservations).getAllByRole('row')[1]).toHaveTextContent('On-demand')
    expect(screen.getByRole('table', { name: 'Cost by user' })).toHaveTextContent('alice@acme.example')
    expect(screen.getByRole('table', { name: 'Cost by job type' })).toHaveTextContent('Query')
    expect(
      screen.getByRole('link', { name: /Open the 1,300 jobs of this window in the job list/ }),
    ).toBeInTheDocument()
  })

  it('R153 Top K: K is chosen in a labelled select and kept in the address; each ranking has K rows', async () => {
    const { requests } = render('/cost/osd_topk?k=5')
    const projects = await findSettledTable({ name: 'Top projects by cost' })
    expect(within(projects).getAllByRole('row')).toHaveLength(6)
    expect(new URL(requests.at(-1)!.url).searchParams.get('k')).toBe('5')
    const statements = screen.getByRole('table', { name: 'Top statements by cost' })
    expect(within(statements).getByRole('link', { name: /SELECT \* FROM/ })).toHaveAttribute(
      'href',
      '/job/bqjob_s11/details',
    )
    await userEvent.click(screen.getByRole('combobox', { name: 'K: rows in each ranking' }))
    await userEvent.click(await screen.findByRole('option', { name: '25' }))
    expect(
      await within(await findSettledTable({ name: 'Top projects by cost' })).findAllByRole('row'),
    ).toHaveLength(26)
  })

  it('R154 tags: cost by value of the chosen key with the untagged row, and by label key', async () => {
    render('/cost/osd_tags')
    const values = await findSettledTable({ name: 'Cost by value of env' })
    const rows = within(values).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('marketing')
    expect(rows[1]).toHaveTextContent('$ 1,875.0060')
    expect(rows.at(-1)).toHaveTextContent('(untagged)')
    expect(within(rows.at(-1)!).queryByRole('link')).toBeNull()
    expect(within(rows[1]!).getByRole('link', { name: 'marketing' }).getAttribute('href')).toContain(
      'tags=env%3Amarketing',
    )
    expect(screen.getByRole('table', { name: 'Cost by label key' })).toHaveTextContent('(untagged)')
    expect(screen.getByRole('combobox', { name: 'Label key' })).toHaveValue('env')
  })
})
