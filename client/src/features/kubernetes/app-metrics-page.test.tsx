import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  kubernetesAppsEndpoints,
  type KubernetesAppDaily,
  type KubernetesAppMetrics,
  type KubernetesAppRow,
} from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { findChart, findSettledTable } from '../../../test/page-queries.ts'
import KubernetesAppMetricsPage from './app-metrics-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const row = (name: string, more: Partial<KubernetesAppRow> = {}): KubernetesAppRow => ({
  key: `k8s-prod-eks/payments/Deployment/${name}`,
  name,
  cluster: 'k8s-prod-eks',
  namespace: 'payments',
  kind: 'Deployment',
  pods: 12,
  podHours: 1000,
  costUsd: 120.5,
  efficiency: 0.31,
  cpu: { requestM: 1100, usageM: 230, peakM: 410, recommendedM: 500, action: 'lower', savingUsd: 19 },
  memory: {
    requestMib: 2176,
    usageMib: 700,
    peakMib: 900,
    recommendedMib: 1088,
    action: 'lower',
    savingUsd: 4.5,
  },
  savingUsd: 23.5,
  ...more,
})

const answer: KubernetesAppMetrics = {
  groupBy: 'workload',
  rows: [
    row('payments-api'),
    row('fraud-scorer', {
      costUsd: 80,
      cpu: { requestM: 2000, usageM: 1900, peakM: 3100, recommendedM: 3720, action: 'raise', savingUsd: 0 },
      memory: {
        requestMib: 4096,
        usageMib: 3000,
        peakMib: 3500,
        recommendedMib: 4224,
        action: 'keep',
        savingUsd: 0,
      },
      savingUsd: 0,
    }),
  ],
  total: 2,
  totals: { costUsd: 200.5, savingUsd: 23.5, overRequested: 1, underRequested: 1 },
  metadata: { namespaces: ['checkout', 'payments'] },
  window: { startTime: '2026-11-21T00:00:00.000Z', endTime: '2026-11-28T00:00:00.000Z' },
}

const daily: KubernetesAppDaily = {
  key: answer.rows[0]!.key,
  days: [0, 1, 2].map((i) => ({
    day: Date.UTC(2026, 10, 25 + i),
    cpuRequestCores: 6.6,
    cpuUsageCores: 1.4,
    memoryRequestGib: 12.75,
    memoryUsageGib: 4.1,
    costUsd: 17,
  })),
  window: answer.window,
}

function render(route = '/kubernetes/osd_app_metrics') {
  const api = stubApi(
    on('GET', kubernetesAppsEndpoints.appMetrics.path, () => json(answer)),
    on('GET', kubernetesAppsEndpoints.appDaily.path, () => json(daily)),
  )
  const view = renderWithProviders(<KubernetesAppMetricsPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'K8S' })),
    route,
  })
  return { ...api, ...view }
}

describe('Kubernetes app metrics (R218)', () => {
  it('shows cost, potential saving and the over- and under-requested counts, over 7 days by cost', async () => {
    const { requests } = render()
    const kpis = await screen.findByRole('region', { name: 'Totals of the matching applications' })
    expect(kpis).toHaveTextContent('$ 200.5000')
    expect(kpis).toHaveTextContent('$ 23.5000')
    expect(kpis).toHaveTextContent('11.7% of the cost')
    expect(kpis).toHaveTextContent('Over-requested1')
    const params = new URL(requests[0]!.url).searchParams
    expect(params.get('groupBy')).toBe('workload')
    expect(params.get('sort')).toBe('cost')
    expect(params.get('order')).toBe('desc')
    expect(Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!)).toBeGreaterThan(
      6 * 86_400_000,
    )
  })

  it('lists requests against usage with units, and what to request: lower with a saving, or raise', async () => {
    render()
    const table = await findSettledTable({ name: 'Applications by request and usage' })
    expect(within(table).getByRole('columnheader', { name: /CPU \(m\) req\. \/ avg \/ p95/ })).toBeVisible()
    expect(
      within(table).getByRole('columnheader', { name: /Memory \(MiB\) req\. \/ avg \/ p95/ }),
    ).toBeVisible()
    const [first, second] = within(table).getAllByRole('row').slice(1)
    expect(first).toHaveTextContent('1,100 / 230 / 410')
    expect(first).toHaveTextContent('LowerCPU → 500 m')
    expect(first).toHaveTextContent('LowerMem → 1,088 MiB')
    expect(first).toHaveTextContent('$ 23.5000')
    expect(second).toHaveTextContent('RaiseCPU → 3,720 m')
    expect(second).toHaveTextContent('KeepMem 4,096 MiB')
  })

  it('sends the filters and the sort in the call, and keeps them in the address', async () => {
    const { requests } = render(
      '/kubernetes/osd_app_metrics?namespace=payments&kinds=StatefulSet&s=saving-asc&search=api',
    )
    await findSettledTable({ name: 'Applications by request and usage' })
    const params = new URL(requests[0]!.url).searchParams
    expect(params.get('namespace')).toBe('payments')
    expect(params.get('kinds')).toBe('StatefulSet')
    expect(params.get('search')).toBe('api')
    expect(params.get('sort')).toBe('saving')
    expect(params.get('order')).toBe('asc')
  })

  it('groups by namespace from its tab', async () => {
    const user = userEvent.setup()
    const { requests } = render()
    await findSettledTable({ name: 'Applications by request and usage' })
    await user.click(screen.getByRole('tab', { name: 'Namespaces' }))
    await vi.waitFor(() =>
      expect(new URL(requests.at(-1)!.url).searchParams.get('groupBy')).toBe('namespace'),
    )
  })

  it("opens a workload's requests and usage per day in a drawer", async () => {
    const user = userEvent.setup()
    const { requests } = render()
    await findSettledTable({ name: 'Applications by request and usage' })
    await user.click(screen.getByRole('button', { name: 'Requests and usage per day of payments-api' }))
    const drawer = await screen.findByRole('dialog', { name: 'payments-api: requests and usage' })
    expect(drawer).toHaveTextContent('CPU recommendation: lower to 500 m')
    expect(await findChart('CPU requested and used per day (cores)')).toBeInTheDocument()
    expect(await findChart('Memory requested and used per day (GiB)')).toBeInTheDocument()
    const asked = requests.find((r) => r.url.includes('/daily'))!
    expect(new URL(asked.url).searchParams.get('key')).toBe(answer.rows[0]!.key)
  })
})
