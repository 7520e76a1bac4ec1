import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { kubernetesEndpoints, type KubernetesUsageTrends } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { findChart, findSettledTable } from '../../../test/page-queries.ts'
import KubernetesUsageTrendsPage from './usage-trends-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const DAY = 86_400_000
const D0 = Date.parse('2026-11-21T00:00:00.000Z')
const answer = (selected: string[]): KubernetesUsageTrends => ({
  groupBy: 'namespace',
  metric: 'cost',
  unit: 'USD',
  interval: 'day',
  available: [
    { key: 'k8s-prod-eks/ml-training', name: 'ml-training', cluster: 'k8s-prod-eks', total: 355.07 },
    { key: 'k8s-prod-eks/payments', name: 'payments', cluster: 'k8s-prod-eks', total: 167.33 },
  ],
  selected,
  series: selected.map((key) => ({
    key,
    name: key.split('/')[1]!,
    data: [
      [D0, 50],
      [D0 + DAY, 52.5],
    ],
  })),
  window: { startTime: new Date(D0).toISOString(), endTime: new Date(D0 + 2 * DAY).toISOString() },
})

function render(route: string) {
  const api = stubApi(
    on('GET', kubernetesEndpoints.usageTrends.path, (req) => {
      const values = new URL(req.url).searchParams.get('values')
      return json(answer(values ? values.split(',') : ['k8s-prod-eks/ml-training', 'k8s-prod-eks/payments']))
    }),
  )
  const view = renderWithProviders(<KubernetesUsageTrendsPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'K8S' })),
    route,
  })
  return { ...api, ...view }
}

describe('Kubernetes usage trends (R217)', () => {
  it('draws the cost per day of the groups the server selected (the first four) and lists every group with its total', async () => {
    const { requests } = render('/kubernetes/osd_usage_trends')
    expect(await findChart('Cost per day (USD)')).toBeInTheDocument()
    const table = await findSettledTable({ name: 'Every namespace of the window' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('ml-training')
    expect(rows[0]).toHaveTextContent('$ 355.0700')
    expect(rows[0]).toHaveTextContent('Yes')
    const params = new URL(requests[0]!.url).searchParams
    expect(params.get('groupBy')).toBe('namespace')
    expect(params.get('values')).toBeNull()
  })

  it('opens one group from the address (a Top X row) and asks for it', async () => {
    const { requests } = render(
      '/kubernetes/osd_usage_trends?groupBy=namespace&values=k8s-prod-eks%2Fpayments&metric=cpu',
    )
    const table = await findSettledTable({ name: 'Every namespace of the window' })
    const params = new URL(requests[0]!.url).searchParams
    expect(params.get('values')).toBe('k8s-prod-eks/payments')
    expect(params.get('metric')).toBe('cpu')
    const payments = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('payments'))!
    expect(payments).toHaveTextContent('Yes')
    expect(screen.getByRole('radio', { name: 'CPU' })).toBeChecked()
  })
})
