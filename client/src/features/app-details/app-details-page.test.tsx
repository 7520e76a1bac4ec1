import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { appDetailsEndpoints as details, sparkEndpoints as spark, type SparkStage } from '@costlens/shared'
import { kpiTexts, renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import AppDetailsPage from './app-details-page.tsx'
import {
  failedAnalysis,
  hiveSummary,
  failedSpark,
  mrAnnotation,
  mrSummary,
  sparkFailure,
  sparkJobs,
  sparkStages,
} from './app-details-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

// A shared machine renders tables slowly: wait for them longer than 1 s.
const slow = { timeout: 5_000 }
const sparkAddress = `/app/application/spark?execId=${failedSpark.id}&clusterUid=cdh-prod-01`

const render = (
  route: string,
  access = { canAccessApp: true, appExist: true },
  stages: readonly SparkStage[] = sparkStages,
) =>
  renderPage(<AppDetailsPage />, {
    route,
    path: '/app/application/:appType',
    stubs: [
      stubEndpoint(details.resourceMetrics, {
        startTime: failedSpark.endTime! - 3_600_000,
        endTime: failedSpark.endTime!,
        stepMs: 600_000,
        allocatedMB: [[failedSpark.endTime! - 3_600_000, 2048]],
        allocatedVCores: [[failedSpark.endTime! - 3_600_000, 2]],
      }),
      stubEndpoint(details.canAccess, access),
      stubEndpoint(details.summary, (r: Request) =>
        r.url.includes(mrSummary.id) ? mrSummary : r.url.includes(hiveSummary.id) ? hiveSummary : failedSpark,
      ),
      stubEndpoint(details.sparkAttemptErrors, sparkFailure),
      stubEndpoint(details.sparkAttemptAnalysis, failedAnalysis),
      stubEndpoint(details.mrAnnotation, mrAnnotation),
      stubEndpoint(spark.jobs, sparkJobs),
      stubEndpoint(spark.allStages, [...stages]),
    ],
  })

describe('/app/application/:appType', { timeout: 20_000 }, () => {
  it('B050 can_access first: a forbidden app shows M025 and nothing else is fetched', async () => {
    const page = render(sparkAddress, { canAccessApp: false, appExist: true })
    expect(
      await screen.findByText(`Information for this application ${failedSpark.id} is forbidden.`, {}, slow),
    ).toBeInTheDocument()
    expect(page.bodies(details.canAccess)).toEqual([{ cluster_uid: 'cdh-prod-01' }])
    expect(page.bodies(details.summary)).toHaveLength(0)
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
  })

  it('B050 an unknown app shows M026 and nothing else is fetched', async () => {
    const page = render('/app/application/spark?execId=application_1_000001', {
      canAccessApp: false,
      appExist: false,
    })
    expect(
      await screen.findByText(
        'Information for this application application_1_000001 is not available.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
    expect(page.bodies(details.summary)).toHaveLength(0)
  })

  it("02 §2 a Spark app: its header, Spark's tabs and the shared ones, and the Stages tab's task-time distribution with the skewed stage flagged", async () => {
    const { user, router } = render(sparkAddress)
    expect(await screen.findByRole('heading', { name: 'spark_job_417' }, slow)).toBeInTheDocument()
    expect(screen.getByText('failed')).toBeInTheDocument()
    const tabs = within(screen.getByRole('tablist', { name: 'spark_job_417 sections' }))
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Summary',
      'Jobs',
      'Stages',
      'Executors',
      'SQL executions',
      'Timeline',
      'Streaming',
      'Errors',
      'Resources',
      'Insights',
    ])
    expect(kpiTexts()).toContain('Cost (USD)$ 460.62')
    await user.click(tabs.getByRole('tab', { name: 'Stages' }))
    await waitFor(() => expect(router.state.location.search).toContain('tab=stages'))
    const rows = await tableRows('Spark stages', slow)
    expect(rows).toHaveLength(2)
    expect(rows[0]).not.toHaveTextContent('Skewed')
    expect(rows[1]).toHaveTextContent('Skewed')
    expect(rows[1]).toHaveTextContent('1s2s3s4s16s')
  })

  it('the Errors tab of a failed app: its failure category, the failure and the root-cause error with where it happened', async () => {
    render(`${sparkAddress}&tab=errors`)
    expect(await screen.findByText('Memory', { selector: 'dd' }, slow)).toBeInTheDocument()
    expect(screen.getByText('Container killed for exceeding its memory limit')).toBeInTheDocument()
    expect(screen.getByText('Root cause')).toBeInTheDocument()
    expect(screen.getByText(/23\.9 GB of 23\.0 GB physical memory used/)).toBeInTheDocument()
    expect(screen.getByText(/stage 16 · task 251 \(attempt 3\) · executor 43/)).toBeInTheDocument()
  })

  it('02 §4 insights: the default category from the answer is open, empty ones disabled, the recommendation as param / current / recommended', async () => {
    render(`${sparkAddress}&tab=insights`)
    const categories = within(await screen.findByRole('tablist', { name: 'Insight categories' }, slow))
    expect(categories.getByRole('tab', { name: 'Application Failure (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(categories.getByRole('tab', { name: 'SLA Management' })).toBeDisabled()
    expect(categories.getByRole('tab', { name: 'Uncategorized' })).toBeDisabled()
    expect(screen.getByText('Failed: memory (container-memory-limit)')).toBeInTheDocument()
    const rows = await tableRows('Recommended configuration', slow)
    expect(rows[0]).toHaveTextContent('spark.executor.memory8g4g')
    expect(screen.getByText('Saving a run: $ 120.00 of its $ 460.62')).toBeInTheDocument()
  })

  it("an MR app's Tasks tab: its map and reduce counts (the record's sm and sr) and times", async () => {
    render(`/app/application/mr?execId=${mrSummary.id}&clusterUid=cdh-prod-01&tab=tasks`)
    const rows = await tableRows('Map and reduce tasks', slow)
    expect(rows[0]).toHaveTextContent(/^Map1841840/)
    expect(rows[1]).toHaveTextContent(/^Reduce440/)
    expect(screen.getByText('184 of 184')).toBeInTheDocument()
  })

  it('a Spark app the simulator says does not stream has no Streaming tab', async () => {
    renderPage(<AppDetailsPage />, {
      route: sparkAddress,
      path: '/app/application/:appType',
      stubs: [
        stubEndpoint(details.canAccess, { canAccessApp: true, appExist: true }),
        stubEndpoint(details.summary, { ...failedSpark, streaming: false }),
      ],
    })
    const tabs = within(await screen.findByRole('tablist', { name: 'spark_job_417 sections' }, slow))
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).not.toContain('Streaming')
    expect(tabs.getByRole('tab', { name: 'Timeline' })).toBeInTheDocument()
  })

  it("a Hive query's Summary: its child jobs link to their own details, and its session is one click away", async () => {
    render(`/app/application/hive?execId=${hiveSummary.id}&clusterUid=cdh-prod-01`)
    const child = await screen.findByRole('link', { name: hiveSummary.mrJobIds[1]! }, slow)
    expect(child).toHaveAttribute(
      'href',
      `/app/application/mr?execId=${hiveSummary.mrJobIds[1]}&clusterUid=cdh-prod-01`,
    )
    expect(screen.getByRole('link', { name: 'Queries of this session' })).toHaveAttribute(
      'href',
      `/app/application/session?execId=${hiveSummary.id}`,
    )
    expect(screen.queryByLabelText('Attempt')).not.toBeInTheDocument()
  })

  it('issue 17 large apps: 2,000 stages render in a virtualised body, a window of rows at a time', async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => ({ ...sparkStages[0]!, stageId: i }))
    render(`${sparkAddress}&tab=stages`, undefined, many)
    const table = await findSettledTable({ name: 'Spark stages' }, slow)
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1))
    expect(within(table).getAllByRole('row').length).toBeLessThan(100)
    expect(screen.getByText('(2,000)')).toBeInTheDocument()
  })

  it('the resource charts ask for the last hour of the app’s life by default', async () => {
    const { queries } = render(`${sparkAddress}&tab=resources`)
    expect(await screen.findByRole('figure', { name: 'Memory allocated' }, slow)).toBeInTheDocument()
    expect(screen.getByDisplayValue('Last 1 Hour')).toBeInTheDocument()
    const sent = queries(details.resourceMetrics)[0]!
    expect(Number(sent.get('end_time'))).toBe(failedSpark.endTime)
    expect(Number(sent.get('end_time')) - Number(sent.get('start_time'))).toBe(3_600_000)
  })
})
