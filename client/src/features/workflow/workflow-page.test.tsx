import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SeriesXrangeOptions } from 'highcharts'
import { workflowsEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import { workflowGanttOptions } from './workflow-gantt.tsx'
import WorkflowPage from './workflow-page.tsx'
import { failedWorkflow, workflowChildren } from './workflow-test-data.ts'

// A shared machine renders tables slowly: wait for them longer than 1 s.
const slow = { timeout: 5_000 }
const address = `/app/application/workflow?execId=${failedWorkflow.id}&clusterUid=cdh-prod-01`

const render = (route = address, stubs = [stubEndpoint(calls.annotation, failedWorkflow)]) =>
  renderPage(<WorkflowPage />, { route, path: '/app/application/workflow', stubs })

describe('/app/application/workflow (R112)', { timeout: 20_000 }, () => {
  it('issue 17 the summary: status, cost, duration, applications by status, and a link to the pipeline runs', async () => {
    const page = render()
    expect(
      await screen.findByRole('heading', { name: 'finance_ledger_close · 2026-11-20' }, slow),
    ).toBeInTheDocument()
    expect(screen.getByText('failed')).toBeInTheDocument()
    const figures = within(screen.getByRole('region', { name: 'Workflow figures' }))
    expect(figures.getByText('$ 3.28')).toBeInTheDocument()
    expect(figures.getByText('19h 10m 37s')).toBeInTheDocument()
    expect(screen.getByText('2: 1 succeeded, 1 failed')).toBeInTheDocument()
    expect(screen.getByText('etl_svc and 1 more')).toBeInTheDocument()
    expect(screen.getByText('4.00 GB')).toBeInTheDocument()
    // The field and the breadcrumb both go to the pipeline's runs on this cluster.
    const links = screen.getAllByRole('link', { name: 'finance_ledger_close' })
    expect(links).toHaveLength(2)
    for (const link of links)
      expect(link).toHaveAttribute(
        'href',
        '/app/application/pipeline/finance_ledger_close?clusterUid=cdh-prod-01',
      )
    // E098 on the address's cluster.
    expect(page.requests.map((r) => decodeURIComponent(new URL(r.url).pathname))).toContain(
      `/api/v1/ds/api/v1/workflows/cdh-prod-01/${failedWorkflow.id}/annotation`,
    )
  })

  it('issue 17 the Applications tab lists the children in start order, each linking to its details page', async () => {
    const { user } = render()
    await user.click(await screen.findByRole('tab', { name: 'Applications' }, slow))
    const rows = await tableRows("The workflow's applications in start order", slow)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Hive')
    expect(rows[0]).toHaveTextContent('success')
    expect(rows[0]).toHaveTextContent('1h 41m 32s')
    expect(rows[0]).toHaveTextContent('$ 2.43')
    expect(rows[1]).toHaveTextContent('Spark')
    expect(rows[1]).toHaveTextContent('failed')
    expect(rows[1]).toHaveTextContent('airflow')
    expect(within(rows[1]!).getByRole('link', { name: workflowChildren[1]!.id })).toHaveAttribute(
      'href',
      `/app/application/spark?execId=${workflowChildren[1]!.id}&clusterUid=cdh-prod-01`,
    )
  })

  it('issue 17 the Timeline tab draws the children over time', async () => {
    const { user } = render()
    await user.click(await screen.findByRole('tab', { name: 'Timeline' }, slow))
    expect(await screen.findByRole('figure', { name: 'Children over time' }, slow)).toBeInTheDocument()
  })

  it('an address without a cluster asks E098 for any cluster (*)', async () => {
    const page = render(`/app/application/workflow?execId=${failedWorkflow.id}`)
    await screen.findByRole('heading', { name: 'finance_ledger_close · 2026-11-20' }, slow)
    expect(page.requests.map((r) => decodeURIComponent(new URL(r.url).pathname))).toContain(
      `/api/v1/ds/api/v1/workflows/*/${failedWorkflow.id}/annotation`,
    )
  })

  it('an unknown workflow says it is not available', async () => {
    const id = 'finance_ledger_close__cdh-prod-01__1999-01-01T00:00:00'
    render(`/app/application/workflow?execId=${id}`, [
      stubError(calls.annotation, 404, `Information for this workflow ${id} is not available.`),
    ])
    expect(
      await screen.findByText(`Information for this workflow ${id} is not available.`, {}, slow),
    ).toBeInTheDocument()
  })

  it('an address without a workflow id says so and fetches nothing', async () => {
    const page = render('/app/application/workflow')
    expect(await screen.findByText('No workflow is named in the address (its execId).')).toBeInTheDocument()
    await waitFor(() => expect(page.requests).toHaveLength(0))
  })
})

describe('the workflow Gantt', () => {
  const running = {
    ...workflowChildren[0]!,
    id: 'application_1717909754_003000',
    status: 'R',
    endTime: null,
    duration: 1_800_000,
  }
  const options = workflowGanttOptions([...workflowChildren, running], 'Children over time')
  const series = options.series as SeriesXrangeOptions[]

  it('one row per child in start order, named by place, type and id', () => {
    expect((options.yAxis as { categories: string[] }).categories).toEqual([
      '1. Hive application_1717909754_001242',
      '2. Spark application_1717909754_002150',
      '3. Hive application_1717909754_003000',
    ])
  })

  it('one series per status, named in words and coloured by the status (the legend reads them)', () => {
    expect(series.map((s) => s.name)).toEqual(['Success', 'Failed', 'Running'])
    expect(new Set(series.map((s) => s.color)).size).toBe(3)
    expect((options.plotOptions?.xrange as { colorByPoint: boolean }).colorByPoint).toBe(false)
  })

  it('a bar spans its child; a running child ends at its duration so far', () => {
    const bar = (s: SeriesXrangeOptions) => s.data![0] as { x: number; x2: number; y: number }
    expect(bar(series[1]!)).toMatchObject({
      x: workflowChildren[1]!.startTime,
      x2: workflowChildren[1]!.endTime,
      y: 1,
    })
    expect(bar(series[2]!)).toMatchObject({ x: running.startTime, x2: running.startTime + 1_800_000, y: 2 })
  })
})
