import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route, Routes } from 'react-router-dom'
import { emrEndpoints, type EmrClusterDetails, type ListAnalysisResponse } from '@costlens/shared'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterDetailsPage from './cluster-details-page.tsx'

afterEach(() => vi.unstubAllGlobals())

// A shared machine renders a Highcharts chart and two tables slowly: wait for them longer than 1 s.
const slow = { timeout: 5_000 }

const CREATED = Date.parse('2026-11-22T06:00:00Z')
const group = { instanceType: 'm5.xlarge', market: 'ON_DEMAND', ebsGb: 64 } as const
const details: EmrClusterDetails = {
  cluster: {
    clusterId: 'j-1ABC',
    clusterName: 'nightly-etl',
    status: 'TERMINATED',
    withUnravel: true,
    totalCost: 48.5,
    startTime: CREATED,
    endTime: CREATED + 10 * 3_600_000,
    duration: 10 * 3_600_000,
    tags: { team: 'data' },
    marketTypes: ['ON_DEMAND'],
    ...{ ec2: 38, emr: 9.5, ebs: 1, nodeCount: 5, downsizingEvents: 1 },
  },
  region: 'us-east-1',
  releaseLabel: 'emr-7.1.0',
  applications: ['Spark', 'Hive'],
  timeline: {
    creationDateTime: CREATED,
    readyDateTime: CREATED + 600_000,
    endDateTime: CREATED + 10 * 3_600_000,
    stateChangeReason: { code: 'ALL_STEPS_COMPLETED', message: 'Steps completed' },
  },
  instanceGroups: [
    {
      role: 'MASTER',
      ...group,
      requested: 1,
      running: 1,
      ec2Hourly: 0.192,
      emrHourly: 0.048,
      ebsHourly: 0.01,
    },
    { role: 'CORE', ...group, requested: 4, running: 4, ec2Hourly: 0.192, emrHourly: 0.048, ebsHourly: 0.01 },
  ],
  hourlyCost: { ec2: 3.8, emr: 0.95, ebs: 0.1, total: 4.85 },
  costByDay: [{ date: '2026-11-22', ec2: 38, emr: 9.5, ebs: 1, total: 48.5 }],
  downsizingEvents: [],
  yarnApps: { clusterUid: 'j-1ABC', count: 12 },
}
const sizing: ListAnalysisResponse = {
  results: [
    {
      ...{ entityType: 'CLUSTER', entityId: 'j-1ABC', eventType: 'CLUSTER_SIZING', clusterId: 'j-1ABC' },
      ...{ clusterName: 'nightly-etl', basis: 'yarn-apps', peakUtilisation: 0.42, clusterCost: 48.5 },
      current: {
        groups: [{ role: 'CORE', instanceType: 'm5.xlarge', market: 'ON_DEMAND', count: 4 }],
        hourlyCost: 4.85,
      },
      recommendations: [
        {
          kind: 'COST_OPTIMIZED',
          groups: [{ role: 'CORE', instanceType: 'm5.large', market: 'SPOT', count: 2 }],
          ...{ hourlyCost: 1.2, saving: 36.49, savingPercent: 75.2 },
        },
      ],
      nodeDownsizing: [],
    },
  ],
}

function render(route: string) {
  stubApi(
    on('GET', '/api/v1/emr/clusters/j-1ABC', () => json(details)),
    on('POST', emrEndpoints.listAnalysis.path, () => json(sizing)),
  )
  const page = (
    <Routes>
      <Route path="/clusters/:cluster_id/details/" element={<ClusterDetailsPage />} />
      <Route path="*" element={<p>list</p>} />
    </Routes>
  )
  const view = renderWithProviders(page, {
    preloadedState: signedIn(testUser({ clusterType: 'EMR' })),
    route,
  })
  return view
}

describe('/clusters/:cluster_id/details/', { timeout: 20_000 }, () => {
  it('02 §2 shows the cluster: state badge, KPIs with units, timeline fields and the daily cost split', async () => {
    render('/clusters/j-1ABC/details/')
    expect(await screen.findByText('Steps completed', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('Terminated')).toBeInTheDocument()
    const kpis = within(screen.getByRole('list', { name: 'Key figures' })).getAllByRole('listitem')
    expect(kpis.map((k) => k.textContent)).toContain('Cost so far (USD)$ 48.50')
    expect(kpis.map((k) => k.textContent)).toContain('Hourly cost (USD)$ 4.85 / h')
    expect(screen.getByText('11/22/2026 06:10:00')).toBeInTheDocument()
    expect(screen.getByRole('figure', { name: 'Daily cost (USD)' })).toBeInTheDocument()
  })

  it('issue 16 History: a tab is a history entry, and Back returns to the tab before', async () => {
    const { user, router } = render('/clusters/j-1ABC/details/')
    await user.click(await screen.findByRole('tab', { name: 'Sizing' }, slow))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=sizing'))
    expect(router.state.historyAction).toBe('PUSH')
    // E142: the recommendation with its saving, never above the cluster's cost.
    const rows = within(
      await screen.findByRole('table', { name: 'Sizing recommendations' }, slow),
    ).getAllByRole('row')
    expect(rows[2]).toHaveTextContent('Cost-optimised2 × m5.large core (Spot)$ 1.20$ 36.4975.2 %')
    await router.navigate(-1)
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByText('Steps completed', {}, slow)).toBeInTheDocument()
  })

  it('the breadcrumb returns to the list address the page was opened from; the Yarn apps tab links to them', async () => {
    const { user, router } = render('/clusters/list')
    // Opened from a list row (ReturnLink): the list's address travels in the history entry's state.
    await router.navigate('/clusters/j-1ABC/details/?tab=apps', {
      state: { from: '/clusters/list?tab=active&page=3' },
    })
    const link = await screen.findByRole('link', {
      name: 'The 12 Yarn apps that ran on it, in the applications list',
    })
    expect(link.getAttribute('href')).toContain('/jobs/applications?clusterUid=j-1ABC&start_date=')
    await user.click(screen.getByRole('tab', { name: 'Overview' }))
    expect(screen.getByRole('link', { name: 'Clusters' })).toHaveAttribute(
      'href',
      '/clusters/list?tab=active&page=3',
    )
  })
})
