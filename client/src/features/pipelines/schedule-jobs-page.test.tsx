import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startOfUtcWeek, type CalendarSeries } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import ScheduleJobsPage from './schedule-jobs-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const empty = () => ({
  sunday: [],
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
})
const SERIES: CalendarSeries[] = [
  {
    id: 'daily_sales_rollup',
    name: 'daily_sales_rollup',
    color: 'series-0',
    user: 'etl_svc',
    queue: 'root.etl',
    data: {
      ...empty(),
      monday: [
        { startTime: '02:00', endTime: '03:00', label: 'daily_sales_rollup' },
        { startTime: '03:00', endTime: '03:30', label: 'daily_sales_rollup' },
      ],
    },
  },
  {
    id: 'finance_ledger_close',
    name: 'finance_ledger_close',
    color: 'series-2',
    user: 'airflow',
    queue: 'root.finance',
    data: { ...empty(), friday: [{ startTime: '23:00', endTime: '00:00', label: 'finance_ledger_close' }] },
  },
]

function render(route = '/jobs/schedulejobs', series = SERIES) {
  const queries: URLSearchParams[] = []
  const api = stubApi(
    on('GET', '/api/v1/jobs/schedules', (request) => {
      queries.push(new URL(request.url).searchParams)
      return json(series)
    }),
    on('GET', '/api/v1/cluster_search', () =>
      json([{ unravelId: 'cdh-prod-01', displayName: 'Production CDH', clusterName: 'prod-cdh-01' }]),
    ),
  )
  const view = renderWithProviders(<ScheduleJobsPage />, {
    preloadedState: signedIn(testUser({ role: 'admin' })),
    route,
  })
  return { ...api, ...view, queries }
}

describe('/jobs/schedulejobs', () => {
  it('B085 opens on This Week and draws each job on its days, merged (B267), with a legend', async () => {
    const { queries } = render()
    expect(
      await screen.findByRole('button', { name: 'daily_sales_rollup, Monday 02:00–03:30' }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'finance_ledger_close, Friday 23:00–24:00' }),
    ).toBeInTheDocument()
    const legend = screen.getByRole('list', { name: 'Scheduled jobs: legend' })
    expect(within(legend).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Date range: This Week' })).toBeInTheDocument()
    const query = queries.at(-1)!
    expect(Number(query.get('start_time'))).toBe(startOfUtcWeek(Date.now()))
    expect(query.has('clusterName')).toBe(false)
  })

  it('a schedule preset from the picker refetches and is kept in the address', async () => {
    const { user, router, queries } = render()
    await screen.findByRole('button', { name: /^daily_sales_rollup/ })
    await user.click(screen.getByRole('button', { name: 'Date range: This Week' }))
    // The schedule picker's presets (02 §9): this week, last week, last 1 to 4 weeks.
    expect(screen.getByRole('button', { name: 'Last 4 Weeks' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Last 2 Weeks' }))
    await waitFor(() => expect(router.state.location.search).toBe('?dateRangeLabel=2_w'))
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => {
      const q = queries.at(-1)!
      expect(Number(q.get('end_time')) - Number(q.get('start_time'))).toBe(14 * 86_400_000)
    })
  })

  it('a cluster from the address narrows the calendar to it', async () => {
    const { queries } = render('/jobs/schedulejobs?clusterUid=cdh-prod-01')
    await screen.findByRole('button', { name: /^daily_sales_rollup/ })
    expect(queries.at(-1)!.get('clusterName')).toBe('cdh-prod-01')
  })

  it('B065 picked dates longer than the picker allows (4 weeks) open on This Week instead', async () => {
    const end = Date.now() - 1000
    const { queries } = render(`/jobs/schedulejobs?start_date=${end - 60 * 86_400_000}&end_date=${end}`)
    await screen.findByRole('button', { name: /^daily_sales_rollup/ })
    expect(Number(queries.at(-1)!.get('start_time'))).toBe(startOfUtcWeek(Date.now()))
  })

  it('says so when no job ran in the range', async () => {
    render('/jobs/schedulejobs?dateRangeLabel=lastWeek', [])
    expect(await screen.findByText('No scheduled jobs ran in this range')).toBeInTheDocument()
  })
})
