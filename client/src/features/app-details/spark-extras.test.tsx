import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  appDetailsEndpoints as details,
  sparkEndpoints as spark,
  type SparkJob,
  type SparkStage,
} from '@costlens/shared'
import { drawnChart } from '../../components/charts/chart-test-helpers.ts'
import { kpiTexts, renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import AppDetailsPage from './app-details-page.tsx'
import { failedAnalysis, failedSpark, sparkJobs, sparkStages } from './app-details-test-data.ts'
import {
  executorLog,
  skewedStage,
  sparkExecutors,
  sparkStream,
  stageDetail,
  streamBatches,
  streamingQuery,
} from './spark-extras-test-data.ts'
import SparkJobPage from './spark-job-page.tsx'

// A shared machine renders tables and charts slowly: wait for them longer than 1 s.
const slow = { timeout: 8_000 }
const app = `execId=${failedSpark.id}&clusterUid=cdh-prod-01`
const sparkAddress = `/app/application/spark?${app}`

interface Answers {
  jobs?: readonly SparkJob[]
  stages?: readonly SparkStage[]
  streaming?: boolean
}

const stubs = ({ jobs = sparkJobs, stages = [...sparkStages, skewedStage], streaming = true }: Answers) => [
  stubEndpoint(details.canAccess, { canAccessApp: true, appExist: true }),
  stubEndpoint(details.summary, failedSpark),
  stubEndpoint(details.sparkAttemptAnalysis, failedAnalysis),
  // Before the generic /spark/{platform}/{id}/{section}, whose pattern takes …/jobs too.
  stubEndpoint(spark.jobs, [...jobs]),
  stubEndpoint(spark.jobStages, [...stages]),
  stubEndpoint(spark.allStages, [...stages]),
  stubEndpoint(spark.stageDetail, stageDetail),
  stubEndpoint(spark.executorLogCommon, executorLog),
  stubEndpoint(spark.section, sparkExecutors),
  stubEndpoint(spark.streamingQueries, streaming ? [streamingQuery] : []),
  stubEndpoint(spark.stream, sparkStream),
  stubEndpoint(spark.batches, streamBatches),
]

const render = (route: string, answers: Answers = {}) =>
  renderPage(<AppDetailsPage />, { route, path: '/app/application/:appType', stubs: stubs(answers) })

const renderJob = (query: string) =>
  renderPage(<SparkJobPage />, { route: `/app/application/spark/job?${query}`, stubs: stubs({}) })

const job = (jobId: number, stageIds: number[], start: number): SparkJob => ({
  ...sparkJobs[0]!,
  jobId,
  stageIds,
  submissionTime: start,
  completionTime: start + 60_000,
})

describe('Spark Timeline (02 §2 Gantt of jobs and stages)', { timeout: 30_000 }, () => {
  it('a small app: a bar per job and per stage, coloured by status, with the legend naming the statuses', async () => {
    const { router } = render(`${sparkAddress}&tab=timeline`)
    const figure = await screen.findByRole('figure', { name: 'Jobs and stages over time' }, slow)
    const chart = await drawnChart(figure)
    expect(chart.yAxis[0]!.categories).toEqual(['Job 0', 'Stage 0', 'Stage 1', 'Stage 3'])
    const bars = chart.series.flatMap((s) => s.points.map((p) => [s.name, p.y]))
    expect(bars).toEqual([
      ['Succeeded', 0],
      ['Succeeded', 1],
      ['Succeeded', 2],
      ['Succeeded', 3],
    ])
    const colourByPoint = chart.series.map((s) => (s.options as { colorByPoint?: boolean }).colorByPoint)
    expect(colourByPoint).toEqual([false])
    // A stage's bar opens its detail: the Stages tab with that stage chosen.
    const stageBar = chart.series[0]!.points[3] as unknown as { firePointEvent: (event: string) => void }
    stageBar.firePointEvent('click')
    await waitFor(() => expect(router.state.location.search).toContain('tab=stages&stage=3.0'))
    expect(await screen.findByRole('region', { name: 'Stage 3 detail' }, slow)).toBeInTheDocument()
  })

  it('issue 17 large apps: 2,000 stages open with the jobs only, and choosing a job adds its stages', async () => {
    const t0 = failedSpark.startTime
    const many = Array.from({ length: 2_000 }, (_, i) => ({
      ...sparkStages[0]!,
      stageId: i,
      jobIds: [i % 4],
    }))
    const jobs = [0, 1, 2, 3].map((j) =>
      job(
        j,
        many.filter((s) => s.jobIds[0] === j).map((s) => s.stageId),
        t0,
      ),
    )
    const { user } = render(`${sparkAddress}&tab=timeline`, { jobs, stages: many })
    const figure = await screen.findByRole('figure', { name: 'Jobs and stages over time' }, slow)
    let chart = await drawnChart(figure)
    expect(chart.series.reduce((n, s) => n + s.points.length, 0)).toBe(4)
    expect(screen.getByText(/4 jobs, 2000 stage attempts/)).toBeInTheDocument()
    await user.click(screen.getByRole('combobox', { name: 'Show the stages of' }))
    await user.click(await screen.findByRole('option', { name: 'Job 2 (500 stages)' }))
    await waitFor(async () => {
      chart = await drawnChart(figure)
      expect(chart.series.reduce((n, s) => n + s.points.length, 0)).toBe(504)
    }, slow)
  })
})

describe('Spark stage detail', { timeout: 30_000 }, () => {
  it('choosing a stage shows its task distribution with units, the skew the insights name, and its tasks', async () => {
    const { user, router } = render(`${sparkAddress}&tab=stages`)
    await tableRows('Spark stages', slow)
    await user.click(screen.getByRole('button', { name: 'Detail of stage 3 attempt 0' }))
    await waitFor(() => expect(router.state.location.search).toContain('stage=3.0'))
    const detail = await screen.findByRole('region', { name: 'Stage 3 detail' }, slow)
    expect(within(detail).getByText('Skewed')).toBeInTheDocument()
    expect(within(detail).getByText('The insights name this stage: Data skew in stage 3')).toBeInTheDocument()
    const rows = within(await within(detail).findByRole('table', { name: 'Task distribution' }, slow))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent)
    expect(rows).toEqual([
      'Duration1 s2 s3 s4 s16 s',
      'GC time100 ms200 ms300 ms400 ms1.6 s',
      // Input of the four finished tasks: 2, 4, 6 and 8 MB (the failed attempt read nothing).
      'Input2.00 MB3.50 MB5.00 MB6.50 MB8.00 MB',
      'Shuffle read1.00 MB1.00 MB1.00 MB1.00 MB1.00 MB',
      'Shuffle write512.00 KB512.00 KB512.00 KB512.00 KB512.00 KB',
    ])
    expect(within(detail).getByText('5 task attempts')).toBeInTheDocument()
    const tasks = await tableRows('Tasks of stage 3', slow)
    expect(tasks).toHaveLength(5)
    expect(tasks[4]).toHaveTextContent('java.lang.OutOfMemoryError: Java heap space')
  })

  it('a stage the insights do not name carries no skew flag', async () => {
    render(`${sparkAddress}&tab=stages&stage=1.0`)
    const detail = await screen.findByRole('region', { name: 'Stage 1 detail' }, slow)
    await within(detail).findByRole('table', { name: 'Task distribution' }, slow)
    expect(within(detail).queryByText('Skewed')).not.toBeInTheDocument()
  })
})

describe('Spark executor logs', { timeout: 30_000 }, () => {
  it("an executor's row opens its log, stderr first with the failure lines, fetched compressed, with a download", async () => {
    const { user, queries } = render(`${sparkAddress}&tab=executors`)
    await tableRows('Spark executors', slow)
    await user.click(screen.getByRole('button', { name: 'Log of executor 2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log of executor 2' }, slow)
    const log = await within(dialog).findByLabelText('stderr of executor 2', {}, slow)
    expect(log).toHaveTextContent('java.lang.OutOfMemoryError: Java heap space')
    expect(log).toHaveTextContent('ERROR Executor: Exception in task 251.3 in stage 16.0 (TID 9001)')
    expect(
      within(dialog).getByText('2 lines say what went wrong (highlighted), the first at line 2.'),
    ).toBeInTheDocument()
    expect(queries(spark.executorLogCommon)[0]!.get('compress')).toBe('true')
    expect(within(dialog).getByRole('button', { name: 'Download log' })).toBeInTheDocument()
    expect(within(dialog).getByText(/container_1717903340_0417_01_000003/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: 'stdout (1 lines)' }))
    expect(await within(dialog).findByLabelText('stdout of executor 2')).toHaveTextContent(
      'Starting executor ID 2 on host worker-02',
    )
  })
})

describe('Spark streaming (02 §2 streaming queries and batches)', { timeout: 30_000 }, () => {
  it('a streaming app: its query, the chart of its batches over the last hour and their rows with rates', async () => {
    const { queries } = render(`${sparkAddress}&tab=streaming`)
    const query = await tableRows('Streaming queries', slow)
    expect(query).toHaveLength(1)
    expect(query[0]).toHaveTextContent('clickstream_sessionize')
    expect(query[0]).toHaveTextContent('15,126,000')
    expect(screen.getByRole('radio', { name: 'Last 1 hour' })).toBeChecked()
    const batches = await tableRows('Streaming batches', slow)
    expect(batches).toHaveLength(100)
    // 1,000 rows in 4 s: 250 rows/s processed; batch 7 started 1.5 s late.
    expect(batches[0]).toHaveTextContent('1,0004 s250 rows/s0 ms')
    expect(batches[7]).toHaveTextContent('1.5 s')
    expect(screen.getByText('360 batches in the range')).toBeInTheDocument()
    // The default window is the call's own (the last hour of the app's life).
    expect(queries(spark.batches)[0]!.get('gte')).toBeNull()
    const chart = await drawnChart(await screen.findByRole('figure', { name: 'Micro-batches' }, slow))
    // 1,000 rows every 10 s come in at 100 rows/s.
    expect(chart.series.map((s) => [s.name, s.points[0]!.y])).toEqual([
      ['Input rate', 100],
      ['Processing rate', 250],
      ['Batch duration', 4_000],
    ])
  })

  it('a batch app has no Streaming content but says so', async () => {
    render(`${sparkAddress}&tab=streaming`, { streaming: false })
    expect(
      await screen.findByText('This application does not stream: it has no streaming queries.', {}, slow),
    ).toBeInTheDocument()
  })
})

describe('R114 the Spark job page', { timeout: 30_000 }, () => {
  it("the Jobs tab's job id links to the job's page", async () => {
    render(`${sparkAddress}&tab=jobs`)
    await tableRows('Spark jobs', slow)
    expect(screen.getByRole('link', { name: 'Job 0' })).toHaveAttribute(
      'href',
      `/app/application/spark/job?execId=${failedSpark.id}&jobId=0&clusterUid=cdh-prod-01`,
    )
  })

  it("a job's summary, its stages' Gantt and table, and the way back to its app", async () => {
    const { user } = renderJob(`${app}&jobId=0`)
    expect(await screen.findByRole('heading', { name: 'Spark job 0' }, slow)).toBeInTheDocument()
    expect(screen.getByText('Succeeded', { selector: 'dd' })).toBeInTheDocument()
    expect(kpiTexts()).toEqual(['Duration1m', 'Stages2', 'Tasks64', 'Failed tasks0'])
    const back = screen.getAllByRole('link', { name: 'spark_job_417' })
    expect(back[0]).toHaveAttribute('href', `/app/application/spark?${app}`)
    const chart = await drawnChart(
      await screen.findByRole('figure', { name: 'Job 0 and its stages over time' }, slow),
    )
    expect(chart.yAxis[0]!.categories).toEqual(['Job 0', 'Stage 0', 'Stage 1', 'Stage 3'])
    await user.click(screen.getByRole('tab', { name: 'Stages' }))
    expect(await tableRows('Stages of job 0', slow)).toHaveLength(3)
  })

  it.each([
    ['no job number', `${app}`, 'No Spark job is named in the address (its execId and a job number, jobId).'],
    [
      'a job number that is not one',
      `${app}&jobId=abc`,
      'No Spark job is named in the address (its execId and a job number, jobId).',
    ],
    [
      'a job the app does not have',
      `${app}&jobId=7`,
      `Spark job 7 of application ${failedSpark.id} is not available.`,
    ],
  ])('%s: the not-found state', async (_, query, message) => {
    renderJob(query)
    expect(await screen.findByText(message, {}, slow)).toBeInTheDocument()
  })
})
