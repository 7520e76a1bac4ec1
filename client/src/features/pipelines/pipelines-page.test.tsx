import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PipelineListBody, PipelineListResponse, PipelineRow } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import type * as SparklineModule from '../../components/charts/sparkline.tsx'
import type { SparklineProps } from '../../components/charts/sparkline.tsx'
import PipelinesPage from './pipelines-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

// 45 Highcharts charts a page are slow in jsdom; the sparkline has its own test, this one checks
// what each cell gives it through the same accessible summary.
vi.mock('../../components/charts/sparkline.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof SparklineModule>()
  return {
    ...real,
    Sparkline: (props: SparklineProps) => (
      <div role="img" aria-label={real.sparklineSummary(props.name, props.data, props.format)} />
    ),
  }
})

afterEach(() => vi.unstubAllGlobals())

const START = Date.parse('2026-11-23T11:30:00Z')

function pipeline(
  i: number,
  overrides: Partial<PipelineRow> = {},
  latest: Partial<PipelineRow['latestInstance']> = {},
) {
  const runs = (i % 5) + 1
  const row: PipelineRow = {
    key: `pipeline_${String(i).padStart(2, '0')}`,
    clusterUid: 'cdh-prod-01',
    pipelineType: 'spark',
    runName: `pipeline_${String(i).padStart(2, '0')}`,
    docCount: runs,
    latestInstance: {
      startTime: START - i * 60_000,
      userName: 'etl_svc',
      duration: 243_000,
      status: 'S',
      queue: 'root.etl',
      jobId: `application_1700000000000_${i}`,
      costs: 1.5,
      clusterId: 'Production CDH',
      totalDfsBytesRead: 3 * 1024 ** 3,
      totalDfsBytesWritten: 512 * 1024 ** 2,
      ...latest,
    },
    // Oldest first, as the contract says; the last run took `runs` minutes.
    trends: {
      duration: Array.from({ length: runs }, (_, r) => [START - (runs - r) * 3_600_000, 60_000 * (r + 1)]),
      read: Array.from({ length: runs }, (_, r) => [START - (runs - r) * 3_600_000, 1024 ** 3]),
      write: Array.from({ length: runs }, (_, r) => [START - (runs - r) * 3_600_000, 1024 ** 2]),
    },
    ...overrides,
  }
  return row
}

const ROWS = [
  pipeline(1, { pipelineType: 'hivetz', runName: '' }, { status: 'F', userName: 'airflow' }),
  ...Array.from({ length: 19 }, (_, i) => pipeline(i + 2)),
]
const answer = (results: PipelineRow[]): PipelineListResponse => ({
  data: { data: { results, metadata: { total: results.length } } },
})

function render(route = '/jobs/pipelines', user = testUser({ role: 'admin' }), rows: PipelineRow[] = ROWS) {
  const bodies: PipelineListBody[] = []
  const api = stubApi(
    on('POST', '/api/v1/ds/api/v1/workflows/list', async (request) => {
      const body = (await request.json()) as PipelineListBody
      bodies.push(body)
      return json(answer(rows.filter((r) => body.pipelineTypes?.includes(r.pipelineType) ?? true)))
    }),
    on('GET', '/api/v1/cluster_search', () => json([])),
  )
  const view = renderWithProviders(<PipelinesPage />, { preloadedState: signedIn(user), route })
  return { ...api, ...view, bodies }
}

const table = () => findSettledTable({ name: 'On-premises pipelines' })
const bodyRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
const firstCells = async () => (await bodyRows()).map((r) => within(r).getAllByRole('cell')[0]!.textContent)

// A table of 15 rows re-rendered per change is slow in jsdom on a shared machine.
describe('/jobs/pipelines', { timeout: 20_000 }, () => {
  it('02 §2 lists the pipelines: name (B187 runName defaults to the key), cluster, runs, trends, user, start, status in words', async () => {
    const { bodies } = render()
    const rows = await bodyRows()
    // B096: 15 a page, of the 20 loaded.
    expect(rows).toHaveLength(15)
    expect(screen.getByText('(20)')).toBeInTheDocument()
    expect(rows[0]).toHaveTextContent('pipeline_01')
    expect(rows[0]).toHaveTextContent('Hive on Tez')
    expect(rows[0]).toHaveTextContent('Production CDH')
    expect(rows[0]).toHaveTextContent('airflow')
    expect(rows[0]).toHaveTextContent('11/23/2026 11:29:00')
    expect(rows[0]).toHaveTextContent('failed')
    expect(within(rows[0]!).getByRole('img', { name: 'Duration trend: 2 runs, last 2m' })).toBeInTheDocument()
    expect(
      within(rows[0]!).getByRole('img', { name: 'Read trend: 2 runs, last 1.00 GB' }),
    ).toBeInTheDocument()
    expect(
      within(rows[0]!).getByRole('img', { name: 'Write trend: 2 runs, last 1.00 MB' }),
    ).toBeInTheDocument()
    // B086: the last 24 hours, of every cluster and every type; sort is not sent (it is the client's).
    await waitFor(() => expect(bodies.length).toBeGreaterThan(0))
    const body = bodies.at(-1)!
    expect(body).toMatchObject({ clusters: ['*'], pipelineTypes: ['hivemr', 'hivetz', 'impala', 'spark'] })
    expect(Number(body.end_time) - Number(body.start_time)).toBe(24 * 3_600_000)
    expect(body).not.toHaveProperty('sort_key')
    expect(screen.getByRole('button', { name: 'Date range: Last 24 Hours' })).toBeInTheDocument()
  })

  it('B187 a type filter refetches, is written to the address with replace, and Reset restores every type and no search', async () => {
    const { user, router, bodies } = render('/jobs/pipelines?searchText=pipe')
    await table()
    expect(screen.getByRole('textbox', { name: 'Search pipelines' })).toHaveValue('pipe')
    await user.click(screen.getByRole('checkbox', { name: 'Spark' }))
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.search)).toBe(
        '?searchText=pipe&type=hivemr,hivetz,impala',
      ),
    )
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({
        pipelineTypes: ['hivemr', 'hivetz', 'impala'],
        search_text: 'pipe',
      }),
    )
    expect(await bodyRows()).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Reset' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.getByRole('checkbox', { name: 'Spark' })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Search pipelines' })).toHaveValue('')
  })

  it('B187 the last checked type cannot be unchecked: no type at all would list nothing', async () => {
    render('/jobs/pipelines?type=impala')
    await table()
    expect(screen.getByRole('checkbox', { name: 'Impala' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Impala' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Spark' })).not.toBeChecked()
  })

  it('B187 search text refetches once typing pauses, and no key typed meanwhile is lost', async () => {
    const { user, router, bodies } = render()
    await table()
    const box = screen.getByRole('textbox', { name: 'Search pipelines' })
    await user.type(box, 'rollup')
    expect(box).toHaveValue('rollup')
    await waitFor(() => expect(router.state.location.search).toBe('?searchText=rollup'))
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ search_text: 'rollup' }))
    // A slow render may send a pause's prefix first, never a text with a key missing.
    for (const body of bodies) expect('rollup'.startsWith(body.search_text ?? '')).toBe(true)
  })

  it('B187 sorts on the client, without a refetch, and a new sort goes back to page 1', async () => {
    const { user, router, bodies } = render('/jobs/pipelines?page=2')
    expect(await firstCells()).toHaveLength(5)
    await waitFor(() => expect(bodies.length).toBe(1))
    await user.click(within(screen.getByRole('columnheader', { name: /Instances/ })).getByRole('button'))
    await waitFor(() => expect(router.state.location.search).toBe('?s=docCount-asc'))
    const counts = (await bodyRows()).map((r) => Number(within(r).getAllByRole('cell')[2]!.textContent))
    expect(counts).toHaveLength(15)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
    expect(bodies).toHaveLength(1)
  })

  it('B033 reads cluster, range and sort from the address and sends cluster and range to the server', async () => {
    const { bodies } = render('/jobs/pipelines?clusterUid=c-7&dateRangeLabel=7_d&s=name-desc')
    const names = await firstCells()
    expect(names[0]).toContain('pipeline_20')
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ clusters: ['c-7'] }))
    const body = bodies.at(-1)!
    expect(Number(body.end_time) - Number(body.start_time)).toBe(7 * 24 * 3_600_000)
    expect(screen.getByRole('button', { name: 'Date range: Last 7 Days' })).toBeInTheDocument()
  })

  it('issue 17: the name opens the pipeline runs over the list range and cluster; the latest run opens its details', async () => {
    render('/jobs/pipelines?clusterUid=cdh-prod-01&dateRangeLabel=7_d')
    const [first] = await bodyRows()
    expect(within(first!).getByRole('link', { name: 'pipeline_01' })).toHaveAttribute(
      'href',
      '/app/application/pipeline/pipeline_01?dateRangeLabel=7_d&clusterUid=cdh-prod-01',
    )
    // The latest run's start opens it: a Hive-on-Tez pipeline's latest run is a Hive query.
    expect(
      within(first!).getByRole('link', {
        name: 'Latest run application_1700000000000_1, started 11/23/2026 11:29:00',
      }),
    ).toHaveAttribute(
      'href',
      '/app/application/hive?execId=application_1700000000000_1&clusterUid=cdh-prod-01',
    )
  })

  it("issue 17: a Hive-on-MapReduce pipeline whose latest run is a top-level MR job opens that job's MR details", async () => {
    render('/jobs/pipelines?clusterUid=cdh-prod-01', undefined, [
      pipeline(1, { pipelineType: 'hivemr' }, { jobId: 'application_1700000000000_9', kind: 'mr' }),
    ])
    const [first] = await bodyRows()
    expect(
      within(first!).getByRole('link', { name: /^Latest run application_1700000000000_9/ }),
    ).toHaveAttribute('href', '/app/application/mr?execId=application_1700000000000_9&clusterUid=cdh-prod-01')
  })

  it('issue 17: at the default range the pipeline link names the list range (the last 24 hours)', async () => {
    render()
    const [first] = await bodyRows()
    expect(within(first!).getByRole('link', { name: 'pipeline_01' })).toHaveAttribute(
      'href',
      '/app/application/pipeline/pipeline_01?dateRangeLabel=24_h&clusterUid=cdh-prod-01',
    )
  })

  it('B054 a freemium address asking for more than 7 days opens on the default 24 hours', async () => {
    const { bodies } = render('/jobs/pipelines?dateRangeLabel=30_d', testUser({ plan: 'freemium' }))
    await table()
    await waitFor(() => expect(bodies.length).toBeGreaterThan(0))
    expect(Number(bodies[0]!.end_time) - Number(bodies[0]!.start_time)).toBe(24 * 3_600_000)
  })
})
