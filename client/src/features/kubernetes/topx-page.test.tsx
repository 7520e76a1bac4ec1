import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { kubernetesEndpoints, type KubernetesTopxResponse, type KubernetesTopxRow } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { choose, findChart, findSettledTable } from '../../../test/page-queries.ts'
import KubernetesTopxPage from './topx-page.tsx'

afterEach(() => vi.unstubAllGlobals())

const figures = {
  cpuCoreHours: 100,
  cpuRequestCoreHours: 300,
  cpuAllocationCoreHours: 310,
  memoryGbHours: 400,
  memoryRequestGbHours: 800,
  memoryAllocationGbHours: 820,
  gpuHours: 0,
  efficiency: 0.4,
}
const row = (
  name: string,
  costUsd: number,
  share: number,
  more: Partial<KubernetesTopxRow> = {},
): KubernetesTopxRow => ({
  key: `k8s-prod-eks/${name}`,
  name,
  cluster: 'k8s-prod-eks',
  ...figures,
  costUsd,
  share,
  ...more,
})
const answer = (groupBy: string): KubernetesTopxResponse => ({
  groupBy: groupBy as KubernetesTopxResponse['groupBy'],
  metric: 'cost',
  rows: [row('ml-training', 355.07, 0.22, { gpuHours: 347 }), row('payments', 167.33, 0.104)],
  groups: 16,
  idle: { costUsd: 636.74, share: 0.394 },
  total: { ...figures, costUsd: 1614.6, allocationCostUsd: 977.86 },
  window: { startTime: '2026-11-21T00:00:00.000Z', endTime: '2026-11-28T00:00:00.000Z' },
})

function render(route = '/kubernetes/osd_topx') {
  const api = stubApi(
    on('GET', kubernetesEndpoints.topx.path, (req) =>
      json(answer(new URL(req.url).searchParams.get('groupBy') ?? 'namespace')),
    ),
  )
  const view = renderWithProviders(<KubernetesTopxPage />, {
    preloadedState: signedIn(testUser({ clusterType: 'K8S' })),
    route,
  })
  return { ...api, ...view }
}

describe('Kubernetes Top X (R216, the K8S landing)', () => {
  it('shows the window’s cost, idle cost and its share, usage against requests and efficiency, over the last 7 days', async () => {
    const { requests } = render()
    const kpis = await screen.findByRole('region', { name: 'Totals of the window' })
    expect(kpis).toHaveTextContent('$ 1,614.6000')
    expect(kpis).toHaveTextContent('$ 636.7400')
    expect(kpis).toHaveTextContent('39.4% of the node cost no pod was allocated')
    expect(kpis).toHaveTextContent('of 300 requested')
    expect(kpis).toHaveTextContent('40.0%')
    const params = new URL(requests[0]!.url).searchParams
    expect(params.get('groupBy')).toBe('namespace')
    expect(params.get('metric')).toBe('cost')
    expect(Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!)).toBeGreaterThan(
      6 * 86_400_000,
    )
    expect(await findChart('Cost by namespace (USD)')).toBeInTheDocument()
  })

  it('ranks the groups with their cost, share, usage and efficiency', async () => {
    render()
    const table = await findSettledTable({ name: 'Top 2 by cost' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('ml-training')
    expect(rows[0]).toHaveTextContent('$ 355.0700')
    expect(rows[0]).toHaveTextContent('22.0%')
    expect(rows[0]).toHaveTextContent('100 / 300')
    expect(rows[0]).toHaveTextContent('347')
    // A group opens its usage trend over the same window.
    const href = within(rows[0]!).getByRole('link', { name: 'ml-training' }).getAttribute('href')!
    const linked = new URL(href, 'http://x')
    expect(linked.pathname).toBe('/kubernetes/osd_usage_trends')
    expect(linked.searchParams.get('groupBy')).toBe('namespace')
    expect(linked.searchParams.get('values')).toBe('k8s-prod-eks/ml-training')
  })

  it('keeps the grouping and the ranking in the address and asks the server for them', async () => {
    const user = userEvent.setup()
    const { requests } = render('/kubernetes/osd_topx?groupBy=workload&metric=efficiency')
    await findSettledTable({ name: 'Top 2 by cost' })
    expect(new URL(requests.at(-1)!.url).searchParams.get('groupBy')).toBe('workload')
    expect(new URL(requests.at(-1)!.url).searchParams.get('metric')).toBe('efficiency')
    await choose(user, 'Group by', 'Label: team')
    await vi.waitFor(() =>
      expect(new URL(requests.at(-1)!.url).searchParams.get('groupBy')).toBe('label:team'),
    )
    await user.click(screen.getByRole('radio', { name: 'Memory' }))
    await vi.waitFor(() => expect(new URL(requests.at(-1)!.url).searchParams.get('metric')).toBe('memory'))
  })
})
