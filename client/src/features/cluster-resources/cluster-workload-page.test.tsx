import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startOfUtcDay } from '@costlens/shared'
import { json, renderWithProviders, signedIn, stubApi, type Handler } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterWorkloadPage from './cluster-workload-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** jobs/count in 1-hour buckets over the asked window: 2 running and 1 succeeded at 14:00 UTC, else 1. */
const jobCount: Handler = (request) => {
  const url = new URL(request.url)
  if (url.pathname !== '/api/v1/jobs/count') return undefined
  const start = Math.floor(Number(url.searchParams.get('start_time')) / HOUR) * HOUR
  const end = Number(url.searchParams.get('end_time'))
  const date: number[] = []
  for (let t = start; t <= end; t += HOUR) date.push(t)
  const busy = (t: number) => new Date(t).getUTCHours() === 14
  return json({
    date,
    RUNNING: Object.fromEntries(date.map((t) => [String(t), busy(t) ? 2 : 1])),
    SUCCESS: Object.fromEntries(date.filter(busy).map((t) => [String(t), 1])),
  })
}

/** 1-hour vcore averages: 412.4 in every hour of the window. */
const allocated: Handler = (request) => {
  const url = new URL(request.url)
  if (!url.pathname.endsWith('/resources/cpu/allocated')) return undefined
  const start = Math.floor(Number(url.searchParams.get('start_time')) / HOUR) * HOUR
  const end = Number(url.searchParams.get('end_time'))
  const avg: [number, number][] = []
  for (let t = start; t <= end; t += HOUR) avg.push([t, 412.4])
  return json({ avg, range: [], total: [], interval: '1h', pointInterval: HOUR })
}

function render(route = '/clusters/clusterworkload') {
  const api = stubApi(jobCount, allocated, (request) =>
    new URL(request.url).pathname === '/api/v1/cluster_search' ? json([]) : undefined,
  )
  const view = renderWithProviders(<ClusterWorkloadPage />, {
    preloadedState: signedIn(testUser({ role: 'admin' })),
    route,
  })
  const counts = () =>
    api.requests.map((r) => new URL(r.url)).filter((u) => u.pathname === '/api/v1/jobs/count')
  return { ...view, ...api, counts }
}

const span = (u: URL) => Number(u.searchParams.get('end_time')) - Number(u.searchParams.get('start_time'))

describe('/clusters/clusterworkload', { timeout: 30_000 }, () => {
  it('B079 offers the last 7, 14, 30 and 60 days, opens on 7, and keeps the choice in the address', async () => {
    const { user, router, counts } = render()
    await waitFor(() => expect(counts()).not.toHaveLength(0))
    expect(span(counts()[0]!)).toBe(7 * DAY)
    expect(counts()[0]!.searchParams.get('interval')).toBe('1h')
    await user.click(screen.getByRole('button', { name: 'Date range: Last 7 Days' }))
    const presets = within(await screen.findByRole('group', { name: 'Presets' }))
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(presets).toEqual(['Last 7 Days', 'Last 14 Days', 'Last 30 Days', 'Last 60 Days'])
    await user.click(screen.getByRole('button', { name: 'Last 30 Days' }))
    await waitFor(() => expect(router.state.location.search).toBe('?dateRangeLabel=30_d'))
    await waitFor(() => expect(span(counts().at(-1)!)).toBe(30 * DAY))
  })

  it('B065 M092 a link over the 60-day maximum says so and shows the last 7 days', async () => {
    const now = Date.now()
    const { counts } = render(`/clusters/clusterworkload?startTime=${now - 90 * DAY}&endTime=${now}`)
    expect(await screen.findByText(/The date range maximum is 60 days\./)).toBeInTheDocument()
    await waitFor(() => expect(counts()).not.toHaveLength(0))
    expect(span(counts()[0]!)).toBe(7 * DAY)
    expect(screen.getByRole('button', { name: 'Date range: Last 7 Days' })).toBeInTheDocument()
  })

  it('draws apps by hour of day and day, with the busiest hour', async () => {
    render('/clusters/clusterworkload?dateRangeLabel=14_d')
    const grid = await findSettledTable({ name: /Apps running by hour of day/ })
    const rows = within(grid).getAllByRole('row')
    // The header, a row per UTC day the 14 days touch (15), and the averages.
    expect(rows).toHaveLength(1 + 15 + 1)
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(25)
    const yesterday = rows[rows.length - 3]!
    const cells = within(yesterday).getAllByRole('cell')
    expect(cells[14]).toHaveTextContent('3')
    expect(cells[13]).toHaveTextContent('1')
    expect(within(rows.at(-1)!).getByRole('rowheader')).toHaveTextContent('Average')
    expect(screen.getByRole('group', { name: 'Busiest hour' })).toHaveTextContent('14:00 UTC')
    expect(screen.getByRole('group', { name: 'Days' })).toHaveTextContent('15')
    // Today's row starts at its UTC midnight.
    expect(within(rows.at(-2)!).getByRole('rowheader').textContent).toContain(
      new Date(startOfUtcDay(Date.now())).toISOString().slice(5, 10).replace('-', '/'),
    )
  })

  it('switches to vcores, read from the allocated series in 1-hour points', async () => {
    const { user, router, requests } = render()
    await user.click(await screen.findByRole('radio', { name: 'VCores' }))
    await waitFor(() => expect(router.state.location.search).toBe('?measure=vcores'))
    await waitFor(() =>
      expect(
        requests.map((r) => new URL(r.url)).some((u) => u.pathname.endsWith('/resources/cpu/allocated')),
      ).toBe(true),
    )
    const asked = requests
      .map((r) => new URL(r.url))
      .find((u) => u.pathname.endsWith('/resources/cpu/allocated'))!
    expect(asked.searchParams.get('interval')).toBe('1h')
    const grid = await findSettledTable({ name: /VCores allocated \(average\) by hour of day/ })
    expect(within(grid).getAllByRole('row')[1]!).toHaveTextContent('412')
    expect(screen.getByRole('group', { name: 'Busiest hour' })).toHaveTextContent('412 vcores on average')
  })
})
