import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  bigqueryEndpoints as calls,
  compareStorageKey,
  type BigQueryJobSearchResponse,
} from '@costlens/shared'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import JobListPage from './job-list-page.tsx'
import { testJobMetadata, testJobRow, testJobSearch } from './bigquery-test-data.ts'

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

const rows = [
  testJobRow(1),
  testJobRow(2, { status: 'R', endTime: null }),
  testJobRow(3, { status: 'W', startTime: null, endTime: null }),
  testJobRow(4, { status: 'F', errorMessage: 'Access Denied' }),
]

function render(route: string, search: BigQueryJobSearchResponse = testJobSearch(rows)) {
  return renderPage(<JobListPage />, {
    route,
    path: '/job/list',
    user: testUser({ clusterType: 'BIGQUERYV2' }),
    stubs: [stubEndpoint(calls.jobSearch, search), stubEndpoint(calls.jobMetadata, testJobMetadata)],
  })
}

const CAPTION = 'All BigQuery jobs'
const lastBody = (page: ReturnType<typeof render>) => page.bodies(calls.jobSearch).at(-1)!

describe('/job/list', () => {
  it('B242 B243 lists jobs with statuses in words, links to details, cost in USD from cents, bytes and slot time', async () => {
    render('/job/list')
    await waitFor(async () => expect(await tableRows(CAPTION)).toHaveLength(4))
    const [first, running, pending, failed] = await tableRows(CAPTION)
    expect(first).toHaveTextContent('Success')
    // 0.6104 cents is $ 0.0061; 1 GiB billed; 130,000 slot-ms is 2m 10s of slot time.
    expect(first).toHaveTextContent('$ 0.0061')
    expect(first).toHaveTextContent('1.00 GB')
    expect(first).toHaveTextContent('2m 10s')
    expect(within(first!).getByRole('link', { name: 'bquxjob_1a2b' })).toHaveAttribute(
      'href',
      '/job/bquxjob_1a2b/details',
    )
    expect(first).toHaveTextContent("SELECT * FROM sales.orders_1 WHERE region = 'EU'")
    expect(running).toHaveTextContent('Running')
    expect(running).toHaveAttribute('data-status', 'running')
    expect(pending).toHaveTextContent('Pending')
    expect(failed).toHaveAttribute('data-status', 'error')
  })

  it('shows the totals of every matching job with their units', async () => {
    render('/job/list')
    const totals = await screen.findByRole('region', { name: 'Totals of the matching jobs' })
    // 123,456.789 cents = $ 1,234.5679; 5 TiB; 7,200,000 slot-ms = 2 hours of slot time.
    await waitFor(() => expect(totals).toHaveTextContent('Jobs42'))
    expect(totals).toHaveTextContent('Cost (USD)$ 1,234.5679')
    expect(totals).toHaveTextContent('Bytes billed5.00 TB')
    expect(totals).toHaveTextContent('Slot time2h')
  })

  it('B244 B245 G14 asks for all jobs of the last 12 hours, 15 by createTime descending', async () => {
    const page = render('/job/list')
    await waitFor(() => expect(page.bodies(calls.jobSearch).length).toBeGreaterThan(0))
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
    const body = lastBody(page)
    expect(body).toMatchObject({ filterType: 'all', page: 1, pageSize: 15, sort: 'createTime-desc' })
    const span = Date.parse(body.endTime as string) - Date.parse(body.startTime as string)
    expect(span).toBe(12 * 3_600_000)
    expect(Date.now() - Date.parse(body.endTime as string)).toBeLessThan(60_000)
    // Nothing narrows the list: insights and pricing with every option are left out (B244).
    expect(Object.keys(body).sort()).toEqual(
      ['endTime', 'filterType', 'page', 'pageSize', 'sort', 'startTime'].sort(),
    )
    const metadata = page.queries(calls.jobMetadata).at(-1)!
    expect(metadata.get('filterType')).toBe('all')
    expect(metadata.get('startTime')).toBe(body.startTime)
    expect(screen.getByRole('button', { name: /Last 12 Hours|12h/ })).toBeInTheDocument()
  })

  it('B244 pricing starts with every option ticked, with its counts; projects and types unticked', async () => {
    render('/job/list')
    expect(await screen.findByRole('checkbox', { name: 'On-demand (30)' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Enterprise edition (12)' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'acme-analytics (30)' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Query (38)' })).not.toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Failed (3)' })).not.toBeChecked()
    // Insights belong to the inefficient list.
    expect(screen.queryByRole('group', { name: 'Insights' })).toBeNull()
  })

  it('B030 filters go to the address (replace) and the body, and a reload reads them back', async () => {
    const page = render('/job/list?page=3')
    const { user, router } = page
    await user.click(await screen.findByRole('checkbox', { name: 'Failed (3)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=F'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(lastBody(page)).toMatchObject({ status: ['F'], page: 1 }))
    await user.click(screen.getByRole('checkbox', { name: 'Load (4)' }))
    await user.click(screen.getByRole('checkbox', { name: 'acme-etl (12)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?projectId=acme-etl&status=F&type=L'))
    await waitFor(() =>
      expect(lastBody(page)).toMatchObject({ projectId: ['acme-etl'], type: ['L'], status: ['F'] }),
    )
    // Unticking one pricing plan sends the rest.
    await user.click(screen.getByRole('checkbox', { name: 'On-demand (30)' }))
    await waitFor(() =>
      expect(lastBody(page)).toMatchObject({ pricing: ['STANDARD', 'ENTERPRISE', 'ENTERPRISE_PLUS'] }),
    )
  })

  it('03 §2 every filter of the address reaches the body: id, users, labels, signature, ranges, costlens jobs', async () => {
    const page = render(
      '/job/list?tab=inefficient&jobId=bquxjob_9&userName=alice@acme.com&tags=team:sales&signature=sig-1' +
        '&insights=SELECT_STAR&minBilledBytes=1024&maxBilledBytes=2048&minSlotMs=1000&maxSlotMs=5000' +
        '&minDuration=2000&maxDuration=9000&showUnravelJobs=true&sort=cost-desc&page=2',
    )
    await waitFor(() =>
      expect(lastBody(page)).toMatchObject({
        filterType: 'inefficient',
        id: 'bquxjob_9',
        userName: ['alice@acme.com'],
        tags: [{ key: 'team', value: 'sales' }],
        signature: 'sig-1',
        insights: ['SELECT_STAR'],
        minBilledBytes: 1024,
        maxBilledBytes: 2048,
        minSlotMs: 1000,
        maxSlotMs: 5000,
        minDuration: 2000,
        maxDuration: 9000,
        showUnravelJobs: true,
        sort: 'cost-desc',
        page: 2,
      }),
    )
    expect(page.queries(calls.jobMetadata).at(-1)!.get('showUnravelJobs')).toBe('true')
    expect(screen.getByRole('checkbox', { name: 'Show jobs costlens ran' })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Job ID' })).toHaveValue('bquxjob_9')
  })

  it('B244 the running list ignores the window, users, statuses and ranges, and does not offer them', async () => {
    const page = render('/job/list?tab=running&userName=alice@acme.com&minDuration=1&maxDuration=5')
    await waitFor(() => expect(lastBody(page)).toMatchObject({ filterType: 'running' }))
    for (const key of ['startTime', 'endTime', 'userName', 'status', 'minDuration', 'maxDuration'])
      expect(lastBody(page)).not.toHaveProperty(key)
    expect(screen.getByText('Every job running now, whatever the date range')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'User' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Status' })).toBeNull()
    expect(screen.getByRole('group', { name: 'Project' })).toBeInTheDocument()
  })

  it('B244 a new list type resets every filter; the inefficient list offers the insights, all ticked', async () => {
    const page = render('/job/list?status=F&projectId=acme-etl')
    const { user, router } = page
    await waitFor(() => expect(lastBody(page)).toMatchObject({ status: ['F'] }))
    await user.click(screen.getByRole('tab', { name: 'Inefficient' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=inefficient'))
    await waitFor(() => expect(lastBody(page)).toMatchObject({ filterType: 'inefficient' }))
    expect(lastBody(page)).not.toHaveProperty('status')
    expect(lastBody(page)).not.toHaveProperty('projectId')
    expect(lastBody(page)).not.toHaveProperty('insights')
    const insight = await screen.findByRole('checkbox', { name: 'SELECT * reads every column (20)' })
    expect(insight).toBeChecked()
    await user.click(insight)
    await waitFor(() =>
      expect(lastBody(page)).toMatchObject({
        insights: ['NO_PARTITION_FILTER', 'REPEATED_CACHE_MISS', 'TINY_QUERY_FLOOD', 'CROSS_JOIN'],
      }),
    )
  })

  it('B068 a slider moved off the whole range goes to the body in bytes', async () => {
    const page = render('/job/list')
    const { user, router } = page
    const thumb = await screen.findByRole('slider', { name: 'Maximum Bytes billed' })
    thumb.focus()
    await user.keyboard('{ArrowLeft}')
    // 200 GiB over 200 steps: one step is 1 GiB.
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?maxBilledBytes=${199 * 1024 ** 3}&minBilledBytes=0`),
    )
    await waitFor(() =>
      expect(lastBody(page)).toMatchObject({ minBilledBytes: 0, maxBilledBytes: 199 * 1024 ** 3 }),
    )
    expect(screen.getByText('0 B – 199.00 GB')).toBeInTheDocument()
  })

  it('B102 B245 sorts on the server as key-direction and pages', async () => {
    const page = render('/job/list')
    const { user, router } = page
    await tableRows(CAPTION)
    await user.click(within(screen.getByRole('columnheader', { name: /Cost/ })).getByRole('button'))
    await waitFor(() => expect(router.state.location.search).toMatch(/sort=cost-(asc|desc)/))
    const sort = new URLSearchParams(router.state.location.search).get('sort')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toBe(`?page=2&sort=${sort}`))
    await waitFor(() => expect(lastBody(page)).toMatchObject({ page: 2, pageSize: 15, sort }))
  })

  it('B260 B261 B262 compare checkboxes by Job ID stop at two and open /job/compare', async () => {
    const { user, router } = render('/job/list')
    await waitFor(async () => expect(await tableRows(CAPTION)).toHaveLength(4))
    await user.click(screen.getByRole('checkbox', { name: 'Select bquxjob_1a2b' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select bquxjob_2a2b' }))
    expect(screen.getByRole('checkbox', { name: 'Select bquxjob_3a2b' })).toBeDisabled()
    expect(JSON.parse(localStorage.getItem(compareStorageKey('job'))!)).toEqual([
      'bquxjob_1a2b',
      'bquxjob_2a2b',
    ])
    const panel = screen.getByRole('complementary', { name: 'Compare Jobs' })
    expect(panel).toHaveTextContent('2')
    fireEvent.mouseEnter(panel)
    await user.click(within(panel).getByRole('button', { name: 'Compare' }))
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/job/compare?ids=bquxjob_1a2b,bquxjob_2a2b',
      ),
    )
  })

  it('shows the failure with a retry instead of an empty list', async () => {
    renderPage(<JobListPage />, {
      route: '/job/list',
      user: testUser({ clusterType: 'BIGQUERYV2' }),
      stubs: [stubError(calls.jobSearch, 500, 'boom'), stubEndpoint(calls.jobMetadata, testJobMetadata)],
    })
    expect(await screen.findByText('The jobs could not be loaded')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('says so when no job matches', async () => {
    render('/job/list', testJobSearch([], 0))
    expect(await screen.findByText('No jobs match these filters')).toBeInTheDocument()
  })
})
