import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TaggedStatsResponse } from '@costlens/shared'
import { json, renderWithProviders, signedIn, stubApi, type Handler } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import '../../components/charts/chart-test-helpers.ts'
import QueueAnalysisPage from './queue-analysis-page.tsx'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const T = Date.parse('2026-11-20T00:00:00Z')
const HOUR = 3_600_000
const queue = (key: string, doc_count: number, capacity: number) => ({
  key,
  doc_count,
  capacity,
  maxCapacity: Math.min(100, capacity * 2),
})
const stats: TaggedStatsResponse = {
  applicationType: [],
  user: [],
  queue: [
    queue('root.etl', 50, 40),
    queue('root.adhoc', 30, 20),
    queue('root.ml', 20, 15),
    queue('root.reporting', 10, 10),
    queue('root.default', 5, 10),
    queue('root.backfill', 0, 5),
  ],
}

function render(route = '/clusters/queueanalysis') {
  const handler: Handler = (request) => {
    const url = new URL(request.url)
    const path = url.pathname
    if (path === '/api/v1/cluster_search') return json([])
    if (path.endsWith('/resources/tagged/stats')) return json(stats)
    if (/\/resources\/tagged\/(cpu|memory)$/.test(path))
      return json({
        groupBy: 'queue',
        // root.etl held 10 then 30 vcores; the others 1 each.
        series: (url.searchParams.get('values') ?? '').split(',').map((name) => ({
          name,
          data:
            name === 'root.etl'
              ? [
                  [T, 10],
                  [T + 3 * HOUR, 30],
                ]
              : [[T, 1]],
        })),
        interval: '3h',
        pointInterval: 3 * HOUR,
      })
    if (/\/resources\/(cpu|memory)\/allocated$/.test(path))
      return json({
        avg: [[T, 60]],
        range: [[T, 50, 70]],
        total: [
          [T, 100],
          [T + 3 * HOUR, 100],
        ],
        interval: '3h',
        pointInterval: 3 * HOUR,
      })
    return undefined
  }
  const api = stubApi(handler)
  const view = renderWithProviders(<QueueAnalysisPage />, {
    preloadedState: signedIn(testUser({ role: 'admin' })),
    route,
  })
  const tagged = () =>
    api.requests
      .map((r) => new URL(r.url))
      .filter((u) => /\/resources\/tagged\/(cpu|memory)$/.test(u.pathname))
  return { ...view, ...api, tagged }
}

const chosen = () =>
  Array.from(document.querySelectorAll('.mantine-Pill-label')).map((pill) => pill.textContent)

describe('/clusters/queueanalysis', { timeout: 30_000 }, () => {
  it('B164 opens on the 4 busiest queues and compares their use with their capacity', async () => {
    const { tagged } = render()
    await waitFor(() => expect(chosen()).toEqual(['root.etl', 'root.adhoc', 'root.ml', 'root.reporting']))
    await waitFor(() => expect(tagged()).not.toHaveLength(0))
    expect(tagged().at(-1)!.searchParams.get('groupBy')).toBe('queue')
    expect(tagged().at(-1)!.searchParams.get('values')).toBe('root.etl,root.adhoc,root.ml,root.reporting')
    // 7 days by the provider rule: 3-hour points.
    expect(tagged().at(-1)!.searchParams.get('interval')).toBe('3h')
    const table = await findSettledTable({ name: 'Queues compared' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5))
    const etl = within(table).getAllByRole('row')[1]!
    // Capacity 40 % of a 100-vcore cluster: an average of 20 is 50 % of it; the peak is 30.
    await waitFor(() =>
      expect(
        within(etl)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['root.etl', '40.0%', '80.0%', '50', '20', '30', '50.0%']),
    )
  })

  it("B255 M088 refuses a sixth queue with 'You can only select 5 Queues'", async () => {
    const { user, router } = render()
    await waitFor(() => expect(chosen()).toHaveLength(4))
    const input = screen.getByRole('combobox', { name: 'Queues' })
    await user.click(input)
    await user.click(await screen.findByRole('option', { name: 'root.default' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?queue=root.etl%2Croot.adhoc%2Croot.ml%2Croot.reporting%2Croot.default',
      ),
    )
    expect(screen.queryByText('You can only select 5 Queues')).toBeNull()
    await user.click(input)
    await user.click(await screen.findByRole('option', { name: 'root.backfill' }))
    expect(await screen.findByText('You can only select 5 Queues')).toBeInTheDocument()
    expect(chosen()).toHaveLength(5)
    expect(router.state.location.search).not.toContain('backfill')
  })

  it("B255 M087 an empty choice says 'Queue can't be empty' and asks for nothing", async () => {
    const { user, tagged } = render('/clusters/queueanalysis?queue=root.ml')
    await waitFor(() => expect(chosen()).toEqual(['root.ml']))
    await waitFor(() => expect(tagged()).not.toHaveLength(0))
    const calls = tagged().length
    // The keyboard way out of a pill: Backspace in the empty search box removes the last one.
    await user.click(screen.getByRole('combobox', { name: 'Queues' }))
    await user.keyboard('{Backspace}')
    expect((await screen.findAllByText("Queue can't be empty")).length).toBeGreaterThan(0)
    expect(chosen()).toEqual([])
    expect(tagged()).toHaveLength(calls)
  })

  it('B255 a link with more than 5 queues shows the first 5 and says why', async () => {
    render(
      '/clusters/queueanalysis?queue=root.etl,root.adhoc,root.ml,root.reporting,root.default,root.backfill',
    )
    await waitFor(() => expect(chosen()).toHaveLength(5))
    expect(screen.getByText('You can only select 5 Queues')).toBeInTheDocument()
  })
})
