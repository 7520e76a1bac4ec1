import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  databricksInsightsEndpoints as calls,
  type DatabricksInsightAction,
  type DatabricksInsightActions,
  type DatabricksInsightJob,
  type DatabricksInsightJobs,
} from '@costlens/shared'
import { kpiTexts, renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import InsightActionsPage from './insight-actions-page.tsx'
import InsightJobsPage from './insight-jobs-page.tsx'

beforeEach(() => localStorage.clear())

const user = testUser({ clusterType: 'DB' })

const job = (n: number, extra: Partial<DatabricksInsightJob> = {}): DatabricksInsightJob => ({
  workspaceId: '4051729395532381',
  workspaceName: 'acme-prod-aws',
  jobId: 100 + n,
  jobName: `job_${n}`,
  runs: 3,
  cost: 40,
  untappedSavings: 12.5,
  realizedCostSavings: 2,
  insights: [{ key: 'oversizedCluster', name: 'Oversized cluster', runs: 3 }],
  actionsDone: 1,
  ...extra,
})

const jobs: DatabricksInsightJobs = {
  dateLabel: '30_d',
  startTime: 0,
  endTime: 30 * 86_400_000,
  totals: { jobs: 2, runs: 6, cost: 80, untappedSavings: 20.25, realizedCostSavings: 2 },
  total: 2,
  page: 1,
  pageSize: 10,
  sort: 'untappedSavings-desc',
  rows: [job(1), job(2, { untappedSavings: 7.75, realizedCostSavings: 0, actionsDone: 0 })],
}

const action = (extra: Partial<DatabricksInsightAction> = {}): DatabricksInsightAction => ({
  workspaceId: '4051729395532381',
  workspaceName: 'acme-prod-aws',
  jobId: 101,
  jobName: 'job_1',
  insight: 'oversizedCluster',
  name: 'Oversized cluster',
  category: 'Efficiency',
  finding: 'CPU stayed under half of what the workers offered for most of the runs.',
  recommendation: 'Halve the number of workers, or choose a smaller node type.',
  runs: 3,
  cost: 40,
  untappedSavings: 12.5,
  realizedCostSavings: 0,
  state: 'open',
  doneAt: null,
  doneBy: null,
  note: null,
  ...extra,
})

const actions: DatabricksInsightActions = {
  jobName: 'job_1',
  dateLabel: '30_d',
  startTime: 0,
  endTime: 1,
  tab: 'remediation',
  counts: { remediation: 1, done: 1, all: 2 },
  totals: { runs: 3, cost: 40, untappedSavings: 12.5, realizedCostSavings: 0 },
  total: 1,
  page: 1,
  pageSize: 10,
  sort: 'untappedSavings-desc',
  rows: [action()],
}

describe('/jobs/insights (R189)', () => {
  it('KPIs, one row per job with its savings, and a link to its actions keeping the range', async () => {
    const page = renderPage(<InsightJobsPage />, {
      route: '/jobs/insights?dateRangeLabel=90_d&name=job',
      path: '/jobs/insights',
      user,
      stubs: [stubEndpoint(calls.jobs, jobs)],
    })
    // The rows of the answer, not the empty table shown while it loads.
    await waitFor(async () => expect(await tableRows('Databricks jobs with insights')).toHaveLength(2))
    const [first, second] = await tableRows('Databricks jobs with insights')
    expect(first).toHaveTextContent('$ 12.50')
    expect(first).toHaveTextContent('Oversized cluster · 3')
    expect(second).toHaveTextContent('$ 7.75')
    expect(kpiTexts()).toContain('Untapped savings (USD)$ 20.25')
    const href = within(first!).getByRole('link', { name: 'job_1' }).getAttribute('href')!
    expect(href).toMatch(/^\/jobs\/insights\/job_1\/actions\?/)
    expect(href).toContain('dateRangeLabel=90_d')
    expect(href).toContain('workspace=4051729395532381')
    const query = page.queries(calls.jobs).at(-1)!
    expect(Object.fromEntries(query)).toMatchObject({
      dateLabel: '90_d',
      name: 'job',
      page: '1',
      pageSize: '10',
      sort: 'untappedSavings-desc',
    })
  })
})

describe('/jobs/insights/:jobName/actions (R190)', () => {
  it('remediation by default, 10 by untapped savings; the row says what was found and what to do', async () => {
    const page = renderPage(<InsightActionsPage />, {
      route: '/jobs/insights/job_1/actions?workspace=4051729395532381',
      path: '/jobs/insights/:jobName/actions',
      user,
      stubs: [
        stubEndpoint(calls.actions, actions),
        stubEndpoint(calls.updateAction, {
          workspaceId: '4051729395532381',
          jobId: 101,
          insight: 'oversizedCluster',
          state: 'done',
          doneAt: 1,
          doneBy: 'databricks',
          note: null,
        }),
      ],
    })
    const [row] = await tableRows('Insight actions of job_1')
    expect(row).toHaveTextContent('CPU stayed under half')
    expect(row).toHaveTextContent('Halve the number of workers')
    expect(row).toHaveTextContent('$ 12.50')
    const query = Object.fromEntries(page.queries(calls.actions).at(-1)!)
    expect(query).toMatchObject({
      tab: 'remediation',
      pageSize: '10',
      sort: 'untappedSavings-desc',
      workspace: '4051729395532381',
      dateLabel: '30_d',
    })
    await userEvent.click(within(row!).getByRole('button', { name: /^Mark done/ }))
    await waitFor(() => expect(page.bodies(calls.updateAction)).toHaveLength(1))
    expect(page.bodies(calls.updateAction)[0]).toEqual({
      workspaceId: '4051729395532381',
      jobId: 101,
      insight: 'oversizedCluster',
      state: 'done',
    })
    expect(screen.getByRole('link', { name: /All jobs with insights/ })).toHaveAttribute(
      'href',
      '/jobs/insights',
    )
  })

  it('a read-only admin cannot mark an action done', async () => {
    renderPage(<InsightActionsPage />, {
      route: '/jobs/insights/job_1/actions',
      path: '/jobs/insights/:jobName/actions',
      user: testUser({ clusterType: 'DB', role: 'readonlyAdmin' }),
      stubs: [stubEndpoint(calls.actions, actions)],
    })
    const [row] = await tableRows('Insight actions of job_1')
    expect(within(row!).getByRole('button', { name: /^Mark done/ })).toBeDisabled()
  })
})
