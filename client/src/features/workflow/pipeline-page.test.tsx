import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { workflowsEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import PipelinePage, { runTrendSpecs } from './pipeline-page.tsx'
import { pipelineRuns } from './workflow-test-data.ts'

const slow = { timeout: 5_000 }
const DAY = 86_400_000

const render = (route: string, answer = pipelineRuns) =>
  renderPage(<PipelinePage />, {
    route,
    path: '/app/application/pipeline/:pipeline',
    stubs: [stubEndpoint(calls.pipelineRuns, answer)],
  })

describe('/app/application/pipeline/:pipeline (R111)', { timeout: 20_000 }, () => {
  it('issue 17 the runs: figures, and a table latest first whose run links to its workflow page', async () => {
    render('/app/application/pipeline/finance_ledger_close')
    expect(await screen.findByRole('heading', { name: 'finance_ledger_close' }, slow)).toBeInTheDocument()
    // The heading is the page's own; the figures wait for the runs to arrive.
    const figures = within(await screen.findByRole('region', { name: 'Runs in the range' }, slow))
    expect(figures.getByText('Runs').nextSibling).toHaveTextContent('3')
    expect(figures.getByText('Failed runs').nextSibling).toHaveTextContent('1')
    // 150 + 420 + 150 cents.
    expect(figures.getByText('$ 7.20')).toBeInTheDocument()
    // The mean of the finished runs only: a running one has no duration yet.
    expect(figures.getByText('30m')).toBeInTheDocument()
    const rows = await tableRows('Runs, latest first', slow)
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('running')
    expect(rows[1]).toHaveTextContent('failed')
    expect(rows[1]).toHaveTextContent('$ 4.20')
    expect(rows[2]).toHaveTextContent('ETL CDH')
    expect(within(rows[1]!).getByRole('link', { name: '2026-11-21' })).toHaveAttribute(
      'href',
      '/app/application/workflow?execId=finance_ledger_close__cdh-prod-01__2026-11-21T00%3A00%3A00&clusterUid=cdh-prod-01',
    )
    expect(screen.getByRole('figure', { name: 'Duration per run' })).toBeInTheDocument()
    expect(screen.getByRole('figure', { name: 'Cost per run (USD)' })).toBeInTheDocument()
  })

  it("asks for the runs of the address's range and cluster (the pipelines list's)", async () => {
    const page = render(
      '/app/application/pipeline/finance_ledger_close?dateRangeLabel=24_h&clusterUid=cdh-prod-01',
    )
    await tableRows('Runs, latest first', slow)
    await waitFor(() => expect(page.queries(calls.pipelineRuns).length).toBeGreaterThan(0))
    const query = page.queries(calls.pipelineRuns).at(-1)!
    expect(query.get('clusterUid')).toBe('cdh-prod-01')
    expect(Number(query.get('end_time')) - Number(query.get('start_time'))).toBe(DAY)
    expect(screen.getByRole('button', { name: 'Date range: Last 24 Hours' })).toBeInTheDocument()
  })

  it('the last 7 days of every cluster by default', async () => {
    const page = render('/app/application/pipeline/finance_ledger_close')
    await tableRows('Runs, latest first', slow)
    const query = page.queries(calls.pipelineRuns).at(-1)!
    expect(query.has('clusterUid')).toBe(false)
    expect(Number(query.get('end_time')) - Number(query.get('start_time'))).toBe(7 * DAY)
  })

  it('no run in the range says so', async () => {
    render('/app/application/pipeline/finance_ledger_close', { ...pipelineRuns, total: 0, runs: [] })
    expect(await screen.findByText('This pipeline has no run in this range.', {}, slow)).toBeInTheDocument()
  })

  it('the trend charts draw one line per cluster, each run at its start in time order', () => {
    const [duration, cost] = runTrendSpecs(pipelineRuns.runs)
    const series = (spec: typeof duration) =>
      (spec as unknown as { series: { name: string; data: number[][] }[] }).series
    expect(series(duration!).map((s) => s.name)).toEqual(['ETL CDH', 'Production CDH'])
    const prod = series(duration!)[1]!.data
    expect(prod.map(([t]) => t)).toEqual([...prod.map(([t]) => t)].sort((a, b) => a! - b!))
    expect(prod.map(([, d]) => d)).toEqual([30 * 60_000, 45 * 60_000])
    expect(series(cost!)[1]!.data.map(([, c]) => c)).toEqual([4.2, 1.5])
  })
})
