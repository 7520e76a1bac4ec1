import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { workflowsEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import SessionPage from './session-page.tsx'
import { querySession } from './workflow-test-data.ts'

const slow = { timeout: 5_000 }
const render = (route: string, stubs = [stubEndpoint(calls.session, querySession)]) =>
  renderPage(<SessionPage />, { route, path: '/app/application/session', stubs })

describe('/app/application/session (R110)', { timeout: 20_000 }, () => {
  it("issue 17 a query's session: its figures, its queries linking to their details, and their timeline", async () => {
    const { user } = render(`/app/application/session?execId=${querySession.queries[1]!.id}`)
    expect(await screen.findByText('Session · Production CDH', {}, slow)).toBeInTheDocument()
    const figures = within(screen.getByRole('region', { name: 'Session figures' }))
    expect(figures.getByText('$ 3.10')).toBeInTheDocument()
    expect(figures.getByText('2h')).toBeInTheDocument()
    expect(screen.getByText('Hive, Impala')).toBeInTheDocument()
    expect(screen.getByText('Still running')).toBeInTheDocument()
    expect(screen.getByText('a pause of 30 minutes')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Queries' }))
    const rows = await tableRows("The session's queries in start order", slow)
    expect(rows).toHaveLength(2)
    expect(rows[1]).toHaveTextContent('running')
    expect(within(rows[1]!).getByRole('link', { name: querySession.queries[1]!.id })).toHaveAttribute(
      'href',
      `/app/application/impala?execId=${encodeURIComponent(querySession.queries[1]!.id)}&clusterUid=cdh-prod-01`,
    )
    await user.click(screen.getByRole('tab', { name: 'Timeline' }))
    expect(await screen.findByRole('figure', { name: 'Queries over time' }, slow)).toBeInTheDocument()
  })

  it('an unknown query says it is not available', async () => {
    render('/app/application/session?execId=application_1_000001', [
      stubError(
        calls.session,
        404,
        'Information for this application application_1_000001 is not available.',
      ),
    ])
    expect(
      await screen.findByText(
        'Information for this application application_1_000001 is not available.',
        {},
        slow,
      ),
    ).toBeInTheDocument()
  })

  it('an address naming no query says so inside the page, with its way back', async () => {
    render('/app/application/session')
    expect(
      await screen.findByText('No query is named in the address (its execId).', {}, slow),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Session' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/jobs/applications')
  })
})
