import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { appsEndpoints, databricksComputeEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import ClusterListPage from './cluster-list-page.tsx'
import { testClusterSearch, testJobClusterRow, testSessionRow } from './databricks-compute-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

beforeEach(() => localStorage.clear())

const search = testClusterSearch([testSessionRow(), testJobClusterRow()])

function render(route: string, plan: 'freemium' | 'free' | 'enterprise' = 'enterprise') {
  return renderPage(<ClusterListPage />, {
    route,
    path: '/compute/dbclusters',
    user: testUser({ clusterType: 'DB', ...(plan === 'freemium' ? { plan: 'freemium' } : {}) }),
    stubs: [
      stubEndpoint(appsEndpoints.unifiedSearch, search as never),
      stubEndpoint(calls.inefficientClusters, testClusterSearch([testJobClusterRow()])),
      stubEndpoint(calls.clusterSessions, {
        clusterId: '0412-083152-abc123',
        name: 'shared-analytics',
        workspace: 'acme-prod-aws',
        creator: 'alice@acme.example',
        nodeType: 'i3.xlarge',
        minWorkers: 2,
        maxWorkers: 8,
        availability: 'SPOT_WITH_FALLBACK',
        autoTerminationMinutes: 120,
        runtimeVersion: '14.3.x-scala2.12',
        jobsConfigured: 1,
        sessions: [testSessionRow()],
      }),
    ],
  })
}

describe('/compute/dbclusters', () => {
  it('B191 the all tab asks unified search for spark clusters of the last 7 days, newest first', async () => {
    const page = render('/compute/dbclusters')
    await waitFor(() => expect(page.bodies(appsEndpoints.unifiedSearch).length).toBeGreaterThan(0))
    const body = page.bodies(appsEndpoints.unifiedSearch).at(-1)!
    expect(body).toMatchObject({
      appTypes: ['spark'],
      appStatus: ['S', 'F', 'K', 'P', 'R', 'U', 'W'],
      from: 0,
      size: 15,
      sort: [{ startTime: { order: 'desc' } }],
    })
    expect((body.end_time as number) - (body.start_time as number)).toBe(7 * 86_400_000)
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
  })

  it('rows: workspace, workers, cost and idle cost in USD, insights in words; a job cluster links to its run', async () => {
    render('/compute/dbclusters')
    const [session, job] = await tableRows('All Databricks clusters')
    expect(session).toHaveTextContent('acme-prod-aws')
    expect(session).toHaveTextContent('2–8')
    expect(session).toHaveTextContent('$ 24.5000')
    expect(session).toHaveTextContent('$ 9.8000')
    expect(session).toHaveTextContent('Idle until the auto-termination timeout')
    expect(within(job!).getByRole('link', { name: 'job-201-run-9013' })).toHaveAttribute(
      'href',
      '/app/application/db?execId=7394025718364020_201_9013',
    )
    expect(job).toHaveTextContent('6 fixed')
    expect(job).toHaveTextContent('On-demand where spot fits')
  })

  it('shows the totals of every matching cluster with units', async () => {
    render('/compute/dbclusters')
    const totals = await screen.findByRole('region', { name: 'Totals of the matching clusters' })
    await waitFor(() => expect(totals).toHaveTextContent('Clusters11'))
    expect(totals).toHaveTextContent('Cost (USD)$ 101.2345')
    expect(totals).toHaveTextContent('Idle cost (USD)$ 14.5000')
  })

  it('an all-purpose row opens its sessions in a drawer', async () => {
    render('/compute/dbclusters')
    await tableRows('All Databricks clusters')
    fireEvent.click(screen.getByRole('button', { name: 'Sessions of shared-analytics' }))
    const sessions = await findSettledTable({ name: 'Sessions' })
    expect(sessions).toHaveTextContent('alice@acme.example')
    expect(screen.getByText('Jobs set to run on it: 1')).toBeInTheDocument()
  })

  it('B191 the inefficient tab uses its events-style call; running sends no window', async () => {
    const page = render('/compute/dbclusters?tab=inefficient')
    await waitFor(() => expect(page.bodies(calls.inefficientClusters).length).toBeGreaterThan(0))
    expect(page.bodies(appsEndpoints.unifiedSearch)).toHaveLength(0)
    const running = render('/compute/dbclusters?tab=running')
    await waitFor(() => expect(running.bodies(appsEndpoints.unifiedSearch).length).toBeGreaterThan(0))
    const body = running.bodies(appsEndpoints.unifiedSearch).at(-1)!
    expect(body.appStatus).toEqual(['R'])
    expect(body.start_time).toBeUndefined()
  })

  it('B191 freemium: the inefficient tab is locked and an address asking for it shows all', async () => {
    const page = render('/compute/dbclusters?tab=inefficient', 'freemium')
    await waitFor(() => expect(page.bodies(appsEndpoints.unifiedSearch).length).toBeGreaterThan(0))
    expect(page.bodies(calls.inefficientClusters)).toHaveLength(0)
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
  })
})
