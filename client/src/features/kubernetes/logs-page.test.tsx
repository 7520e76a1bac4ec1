import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { kubernetesAppsEndpoints, type KubernetesLogLine, type KubernetesLogs } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { findSettledTable } from '../../../test/page-queries.ts'
import KubernetesLogsPage from './logs-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const line = (i: number, more: Partial<KubernetesLogLine> = {}): KubernetesLogLine => ({
  id: `${1795000000000 - i}-42-0`,
  time: new Date(Date.UTC(2026, 10, 28, 10, 0, 0) - i * 1000).toISOString(),
  level: 'INFO',
  cluster: 'k8s-prod-eks',
  namespace: 'payments',
  pod: 'payments-api-7d9f8b6c5d-x2x4q',
  container: 'payments-api',
  workload: 'payments-api',
  kind: 'Deployment',
  message: 'level=info msg="request completed" method=GET path=/api/v1/orders status=200 duration_ms=12',
  ...more,
})

const answer = (more: Partial<KubernetesLogs> = {}): KubernetesLogs => ({
  lines: [
    line(0, {
      level: 'ERROR',
      message:
        'level=error msg="request failed" method=POST path=/api/v1/payments status=503 duration_ms=1043 error="upstream timeout"',
    }),
    line(1),
  ],
  total: 2,
  more: false,
  metadata: { namespaces: ['checkout', 'payments'], containers: ['istio-proxy', 'payments-api'] },
  window: { startTime: '2026-11-27T10:00:00.000Z', endTime: '2026-11-28T10:00:00.000Z' },
  ...more,
})

function render(route = '/kubernetes/osd_logs', body = answer()) {
  const api = stubApi(on('GET', kubernetesAppsEndpoints.logs.path, () => json(body)))
  const view = renderWithProviders(<KubernetesLogsPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'K8S' })),
    route,
  })
  return { ...api, ...view }
}

describe('Kubernetes logs (R219)', () => {
  it('shows the last 24 hours newest first: time in UTC, level, where, and the message in monospace', async () => {
    const { requests } = render()
    const table = await findSettledTable({ name: 'Log lines' })
    expect(within(table).getByRole('columnheader', { name: /Time \(UTC\)/ })).toBeVisible()
    const [first, second] = within(table).getAllByRole('row').slice(1)
    expect(first).toHaveTextContent('ERROR')
    expect(first).toHaveTextContent('error="upstream timeout"')
    expect(within(first!).getByText(/request failed/).tagName).toBe('CODE')
    expect(second).toHaveTextContent('INFO')
    expect(screen.getByText('2 lines match.')).toBeVisible()
    const params = new URL(requests[0]!.url).searchParams
    expect(Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!)).toBe(86_400_000)
    expect(params.get('pageSize')).toBe('50')
    expect(params.get('levels')).toBeNull()
  })

  it('filters by level and by text from the panel, and keeps the filters in the address', async () => {
    const user = userEvent.setup()
    const { requests } = render('/kubernetes/osd_logs?levels=WARN')
    await findSettledTable({ name: 'Log lines' })
    expect(new URL(requests[0]!.url).searchParams.get('levels')).toBe('WARN')
    await user.click(screen.getByRole('checkbox', { name: 'ERROR' }))
    await vi.waitFor(() =>
      expect(new URL(requests.at(-1)!.url).searchParams.get('levels')).toBe('WARN,ERROR'),
    )
    await user.type(screen.getByRole('textbox', { name: 'Message contains' }), 'status=503{Enter}')
    await vi.waitFor(() => expect(new URL(requests.at(-1)!.url).searchParams.get('text')).toBe('status=503'))
    expect(new URL(requests.at(-1)!.url).searchParams.get('levels')).toBe('WARN,ERROR')
  })

  it('links a pod to its own lines, the other filters kept', async () => {
    render('/kubernetes/osd_logs?levels=ERROR')
    const table = await findSettledTable({ name: 'Log lines' })
    const link = within(table).getAllByRole('link', { name: 'payments-api-7d9f8b6c5d-x2x4q' })[0]!
    const href = new URL(link.getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe('/kubernetes/osd_logs')
    expect(href.searchParams.get('pod')).toBe('payments-api-7d9f8b6c5d-x2x4q')
    expect(href.searchParams.get('levels')).toBe('ERROR')
  })

  it('says when more lines match than are paged', async () => {
    render('/kubernetes/osd_logs', answer({ total: 10_000, more: true }))
    expect(await screen.findByText('More than 10,000 lines match: the first 10,000 are paged.')).toBeVisible()
  })

  it('says how far back a search read when the window held more lines than one search reads', async () => {
    render('/kubernetes/osd_logs', answer({ searchedFrom: '2026-11-24T06:00:00.000Z' }))
    expect(
      await screen.findByText(/Searched the newest 200,000 lines, back to .*: narrow the window/),
    ).toBeVisible()
  })
})
