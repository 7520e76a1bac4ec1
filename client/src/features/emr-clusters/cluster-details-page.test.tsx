import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { emrEndpoints } from '@costlens/shared'
import { testEmrClusterDetails, testEmrSizing } from '../../../test/emr.ts'
import { kpiTexts, renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterDetailsPage from './cluster-details-page.tsx'

// A shared machine renders a Highcharts chart and two tables slowly: wait for them longer than 1 s.
const slow = { timeout: 5_000 }

const render = (route: string) =>
  renderPage(<ClusterDetailsPage />, {
    route,
    path: '/clusters/:cluster_id/details/',
    user: testUser({ clusterType: 'EMR' }),
    stubs: [
      stubEndpoint(emrEndpoints.clusterDetails, testEmrClusterDetails),
      stubEndpoint(emrEndpoints.listAnalysis, testEmrSizing),
    ],
  })

describe('/clusters/:cluster_id/details/', { timeout: 20_000 }, () => {
  it('02 §2 shows the cluster: state badge, KPIs with units, timeline fields and the daily cost split', async () => {
    render('/clusters/j-1ABC/details/')
    expect(await screen.findByText('Steps completed', {}, slow)).toBeInTheDocument()
    expect(screen.getByText('Terminated')).toBeInTheDocument()
    expect(kpiTexts()).toContain('Cost so far (USD)$ 48.50')
    expect(kpiTexts()).toContain('Hourly cost (USD)$ 4.85 / h')
    expect(screen.getByText('11/22/2026 06:10:00')).toBeInTheDocument()
    expect(screen.getByRole('figure', { name: 'Daily cost (USD)' })).toBeInTheDocument()
  })

  it('issue 16 History: a tab is a history entry, and Back returns to the tab before', async () => {
    const { user, router } = render('/clusters/j-1ABC/details/')
    await user.click(await screen.findByRole('tab', { name: 'Sizing' }, slow))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=sizing'))
    expect(router.state.historyAction).toBe('PUSH')
    // E142: the recommendation with its saving, never above the cluster's cost.
    const rows = await tableRows('Sizing recommendations', slow)
    expect(rows[1]).toHaveTextContent('Cost-optimised2 × m5.large core (Spot)$ 1.20$ 36.4975.2 %')
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
