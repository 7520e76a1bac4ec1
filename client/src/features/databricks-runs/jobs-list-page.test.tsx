import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { databricksRunsEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import JobsListPage from './jobs-list-page.tsx'
import PipelinesListPage from './pipelines-list-page.tsx'
import { testJobRow } from './databricks-test-data.ts'

beforeEach(() => localStorage.clear())

const user = testUser({ clusterType: 'DB' })
const DAY = 86_400_000

describe('/jobs/jobs', () => {
  const render = (route = '/jobs/jobs') =>
    renderPage(<JobsListPage />, {
      route,
      path: '/jobs/jobs',
      user,
      stubs: [
        stubEndpoint(calls.jobs, {
          results: [testJobRow(1), testJobRow(2, { status: 'F', workSpace: 'acme-analytics-azure' })],
          totalRecords: 2,
        }),
      ],
    })

  it('R187 one row per job: latest run status, runs, total duration, DBU and total cost; the job links to its runs', async () => {
    render()
    await waitFor(async () => expect(await tableRows('Databricks jobs')).toHaveLength(2))
    const [first, second] = await tableRows('Databricks jobs')
    expect(first).toHaveTextContent('job_1')
    expect(first).toHaveTextContent(/success/i)
    expect(first).toHaveTextContent('$ 11.00')
    expect(first).toHaveTextContent('$ 16.00')
    expect(first).toHaveTextContent('3h')
    expect(within(first!).getByRole('link', { name: 'job_1' })).toHaveAttribute(
      'href',
      '/jobs/runs?jobIds=101',
    )
    expect(second).toHaveTextContent(/failed/i)
    expect(second).toHaveTextContent('acme-analytics-azure')
  })

  it('02 §9 asks for the last 7 days, 15 by latest start descending', async () => {
    const page = render()
    await waitFor(() => expect(page.bodies(calls.jobs).length).toBeGreaterThan(0))
    const body = page.bodies(calls.jobs).at(-1)!
    expect(body).toMatchObject({ from: 0, size: 15, sort: 'startTime', order: 'desc' })
    expect(Number(body.end_time) - Number(body.start_time)).toBe(7 * DAY)
  })

  it('search, status, page and sort from the address reach the body', async () => {
    const page = render('/jobs/jobs?search=ingest&status=F&page=2&s=totalCost-desc')
    await waitFor(() => expect(page.bodies(calls.jobs).length).toBeGreaterThan(0))
    expect(page.bodies(calls.jobs).at(-1)).toMatchObject({
      search: 'ingest',
      status: ['F'],
      from: 15,
      sort: 'totalCost',
      order: 'desc',
    })
  })
})

describe('/jobs/pipelines', () => {
  const render = (route = '/jobs/pipelines') =>
    renderPage(<PipelinesListPage />, {
      route,
      path: '/jobs/pipelines',
      user,
      stubs: [
        stubEndpoint(calls.jobs, {
          results: [testJobRow(3, { jobName: 'older_dlt' }), testJobRow(1, { jobName: 'newer_dlt' })],
          totalRecords: 2,
        }),
      ],
    })

  it('R188 B196 the pipeline jobs of the last 24 hours, all statuses and workspaces, newest start first', async () => {
    const page = render()
    await waitFor(async () => expect(await tableRows('Databricks pipeline jobs')).toHaveLength(2))
    const [first, second] = await tableRows('Databricks pipeline jobs')
    expect(first).toHaveTextContent('newer_dlt')
    expect(second).toHaveTextContent('older_dlt')
    const body = page.bodies(calls.jobs).at(-1)!
    expect(body).toMatchObject({ taskType: 'PIPELINE', size: 1000 })
    expect(body).not.toHaveProperty('status')
    expect(body).not.toHaveProperty('workspace')
    expect(Number(body.end_time) - Number(body.start_time)).toBe(DAY)
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('')
  })

  it('status and workspace filters from the address reach the body', async () => {
    const page = render('/jobs/pipelines?status=F&workspace=acme-prod-aws&search=dlt')
    await waitFor(() => expect(page.bodies(calls.jobs).length).toBeGreaterThan(0))
    expect(page.bodies(calls.jobs).at(-1)).toMatchObject({
      status: ['F'],
      workspace: ['acme-prod-aws'],
      search: 'dlt',
    })
  })
})
