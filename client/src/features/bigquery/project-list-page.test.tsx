import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bigqueryEndpoints as calls, type BigQueryProjectList } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import ProjectListPage from './project-list-page.tsx'
import { testProjectList, testProjectMetadata, testProjectRow } from './bigquery-test-data.ts'

afterEach(() => vi.unstubAllGlobals())

function render(
  route: string,
  answer: BigQueryProjectList = testProjectList([testProjectRow(1), testProjectRow(2)]),
) {
  return renderPage(<ProjectListPage />, {
    route,
    path: '/project/list',
    user: testUser({ clusterType: 'BIGQUERYV2' }),
    stubs: [stubEndpoint(calls.projects, answer), stubEndpoint(calls.projectMetadata, testProjectMetadata)],
  })
}

const CAPTION = 'BigQuery projects'
const lastQuery = (page: ReturnType<typeof render>) =>
  Object.fromEntries(page.queries(calls.projects).at(-1)!.entries())

describe('/project/list', () => {
  it('R155 lists the projects with their 30-day figures in units, each opening its jobs', async () => {
    render('/project/list')
    await waitFor(async () => expect(await tableRows(CAPTION)).toHaveLength(2))
    const [first, second] = await tableRows(CAPTION)
    // 250,000 cents = $ 2,500.0000; 3 TiB; 3,600,000 slot-ms = 1 hour of slot time.
    expect(first).toHaveTextContent('$ 2,500.0000')
    expect(first).toHaveTextContent('3.00 TB')
    expect(first).toHaveTextContent('1h')
    expect(first).toHaveTextContent('1,000')
    expect(first).toHaveTextContent('On-demand')
    expect(second).toHaveTextContent('acme-admin:US.etl-pool')
    expect(within(first!).getByRole('link', { name: 'acme-project-1' })).toHaveAttribute(
      'href',
      '/job/list?dateRangeLabel=30_d&projectId=acme-project-1',
    )
    expect(
      screen.getByText(/of the last 30 days: 05\/17\/2025 00:00:00 – 06\/15\/2025 10:30:00/),
    ).toBeInTheDocument()
  })

  it('03 §2 asks for page 1 of 15 by cost descending', async () => {
    const page = render('/project/list')
    await waitFor(() => expect(page.queries(calls.projects).length).toBeGreaterThan(0))
    expect(lastQuery(page)).toEqual({ page: '1', pageSize: '15', sort: 'cost-desc' })
  })

  it('03 §2 the organization and reservation filters offer the metadata with counts and go to the address and the call', async () => {
    const page = render('/project/list?page=2')
    const { user, router } = page
    await user.click(await screen.findByRole('combobox', { name: 'Organization' }))
    await user.click(await screen.findByRole('option', { name: 'acme-labs.com (3)' }))
    await waitFor(() => expect(router.state.location.search).toBe('?organization=acme-labs.com'))
    await waitFor(() => expect(lastQuery(page)).toMatchObject({ organization: 'acme-labs.com', page: '1' }))
    await user.click(screen.getByRole('combobox', { name: 'Reservation' }))
    await user.click(await screen.findByRole('option', { name: 'On-demand (no reservation) (5)' }))
    await waitFor(() =>
      expect(router.state.location.search).toBe('?organization=acme-labs.com&reservation=on-demand'),
    )
    await waitFor(() => expect(lastQuery(page)).toMatchObject({ reservation: 'on-demand' }))
  })

  it('B030 reads its whole state from the address: organization, reservation, page, pageSize, sort', async () => {
    const page = render(
      '/project/list?organization=acme.com&reservation=acme-admin:US.etl-pool&page=2&pageSize=25&sort=slotMs-asc',
    )
    await waitFor(() =>
      expect(lastQuery(page)).toEqual({
        organization: 'acme.com',
        reservation: 'acme-admin:US.etl-pool',
        page: '2',
        pageSize: '25',
        sort: 'slotMs-asc',
      }),
    )
    expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveValue('acme.com (5)')
  })

  it('sorts on the server as key-direction', async () => {
    const page = render('/project/list')
    const { user, router } = page
    await tableRows(CAPTION)
    await user.click(within(screen.getByRole('columnheader', { name: /Bytes billed/ })).getByRole('button'))
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?sort=billedBytes-(asc|desc)$/))
    await waitFor(() => expect(lastQuery(page).sort).toMatch(/^billedBytes-/))
  })

  it('shows a failure with a retry, and says so when no project matches', async () => {
    renderPage(<ProjectListPage />, {
      route: '/project/list',
      user: testUser({ clusterType: 'BIGQUERYV2' }),
      stubs: [
        stubError(calls.projects, 500, 'boom'),
        stubEndpoint(calls.projectMetadata, testProjectMetadata),
      ],
    })
    expect(await screen.findByText('The projects could not be loaded')).toBeInTheDocument()
  })

  it('says so when no project matches', async () => {
    render('/project/list', testProjectList([], 0))
    expect(await screen.findByText('No projects match these filters')).toBeInTheDocument()
  })
})
