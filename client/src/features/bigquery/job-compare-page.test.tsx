import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bigqueryEndpoints as calls } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import JobComparePage from './job-compare-page.tsx'
import { testJobDetails } from './bigquery-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

/** Each job's answer, by the id its call ends with (anything else does not exist). */
const JOBS = ['/bquxjob_1a2b', '/bquxjob_2a2b', '']

function render(route: string) {
  return renderPage(<JobComparePage />, {
    route,
    user: testUser({ clusterType: 'BIGQUERYV2' }),
    stubs: [
      stubEndpoint(calls.jobDetails, testJobDetails(1)),
      stubEndpoint(calls.jobDetails, testJobDetails(2, { status: 'F', errorMessage: 'Quota exceeded' })),
      stubError(calls.jobDetails, 404, 'No such job'),
    ].map((stub, i) => (request: Request) => (request.url.endsWith(JOBS[i]!) ? stub(request) : undefined)),
  })
}

const row = (table: HTMLElement, label: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })
    .closest('tr')!

describe('/job/compare', () => {
  it('R158 B260 shows the two jobs side by side by Job ID and marks the fields that differ', async () => {
    const { user } = render('/job/compare?ids=bquxjob_1a2b,bquxjob_2a2b')
    const table = await findSettledTable({ name: 'Compared jobs' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.slice(0, 3).map((h) => h.textContent)).toEqual([
      'Field',
      'bquxjob_1a2bSuccess',
      'bquxjob_2a2bFailed',
    ])
    expect(headers.slice(3).map((h) => h.textContent)).toEqual([
      'Job',
      'Cost',
      'Bytes and slots',
      'Stage times',
      'Tables',
    ])
    const cost = row(table, 'Cost (USD)')
    expect(cost).toHaveTextContent('$ 0.0061')
    expect(cost).toHaveTextContent('$ 0.0122')
    expect(cost).toHaveTextContent('differs')
    expect(row(table, 'Compute time (maximum)')).toHaveTextContent('3,000 ms6,000 ms')
    expect(row(table, 'Bytes billed')).toHaveTextContent('1.00 GB2.00 GB')
    expect(row(table, 'Error')).toHaveTextContent('Quota exceeded')
    expect(row(table, 'Location')).not.toHaveTextContent('differs')
    expect(row(table, 'Insights')).toHaveTextContent('SELECT * reads every column')
    await user.click(screen.getByRole('switch', { name: 'Show differences only' }))
    expect(within(table).queryByRole('rowheader', { name: /^Location/ })).toBeNull()
    expect(row(table, 'Cost (USD)')).toBeInTheDocument()
    expect(screen.getByLabelText('Statement of bquxjob_2a2b')).toHaveTextContent('orders_2')
  })

  it('M066 says which job does not exist and still shows the other', async () => {
    render('/job/compare?ids=bquxjob_1a2b,gone')
    expect(await screen.findByText('The job gone does not exist')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Compared jobs' })
    expect(within(table).getByRole('link', { name: 'bquxjob_1a2b' })).toHaveAttribute(
      'href',
      '/job/bquxjob_1a2b/details',
    )
    expect(within(table).queryByText('differs')).toBeNull()
  })

  it('asks for a selection when there are no ids', async () => {
    render('/job/compare')
    expect(await screen.findByText(/No jobs to compare/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'job list' })).toHaveAttribute('href', '/job/list')
  })
})
