import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bigqueryEndpoints as calls, type BigQueryJobDetails } from '@costlens/shared'
import { renderPage, stubEndpoint, stubError } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import JobDetailsPage from './job-details-page.tsx'
import { testJobDetails, testReservation } from './bigquery-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

function render(route: string, details: BigQueryJobDetails | null = testJobDetails(2)) {
  return renderPage(<JobDetailsPage />, {
    route,
    path: '/job/:jobId/details',
    user: testUser({ clusterType: 'BIGQUERYV2' }),
    stubs: [
      details
        ? stubEndpoint(calls.jobDetails, details)
        : stubError(calls.jobDetails, 404, 'No BigQuery job bquxjob_gone'),
    ],
  })
}

const figures = () => screen.getByRole('region', { name: 'Job figures' })

describe('/job/{jobId}/details', () => {
  it('R157 heads the page with the id, status and the job figures with their units', async () => {
    const { queries } = render('/job/bquxjob_2a2b/details')
    expect(await screen.findByRole('heading', { name: 'bquxjob_2a2b' })).toBeInTheDocument()
    await waitFor(() => expect(figures()).toHaveTextContent('Cost (USD)$ 0.0122'))
    // 2 GiB billed and processed, 260,000 slot-ms, 130 s.
    expect(figures()).toHaveTextContent('Bytes billed2.00 GB')
    expect(figures()).toHaveTextContent('Slot time4m 20s')
    expect(figures()).toHaveTextContent('Duration2m 10s')
    expect(figures()).toHaveTextContent('Insights1')
    expect(screen.getAllByText('Success').length).toBeGreaterThan(0)
    expect(document.title).toBe('Job bquxjob_2a2b | costlens')
    expect(queries(calls.jobDetails)).toHaveLength(1)
  })

  it('the Job tab shows who ran what and the statement in the SQL viewer', async () => {
    render('/job/bquxjob_2a2b/details')
    expect(await screen.findByLabelText('Statement of bquxjob_2a2b')).toHaveTextContent('FROM sales.orders_2')
    expect(screen.getByText('etl@acme-etl.iam.gserviceaccount.com')).toBeInTheDocument()
    expect(screen.getByText('team=sales, env=prod')).toBeInTheDocument()
    expect(screen.getByText('Query')).toBeInTheDocument()
  })

  it('03 §3 the timing tab shows the wait, read, compute and write stages, average and maximum, in ms', async () => {
    const { user, router } = render('/job/bquxjob_2a2b/details')
    await user.click(await screen.findByRole('tab', { name: 'Timing and volume' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=timing'))
    const stages = screen.getByRole('table', { name: 'Stage times (ms)' })
    const rows = within(stages).getAllByRole('row').slice(1)
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Wait', '40 ms', '80 ms'],
      ['Read', '600 ms', '1,800 ms'],
      ['Compute', '2,400 ms', '6,000 ms'],
      ['Write', '100 ms', '160 ms'],
    ])
    expect(screen.getByText('Bytes shuffled')).toBeInTheDocument()
    expect(screen.getByText('4.00 MB')).toBeInTheDocument()
    expect(screen.getByText('2,000,000')).toBeInTheDocument()
  })

  it('the cost tab says the basis and shows each insight with its recommendation and a saving within the cost', async () => {
    render('/job/bquxjob_2a2b/details?tab=cost')
    expect(await screen.findByText('2.00 GiB billed on demand at $6.25 per TiB.')).toBeInTheDocument()
    expect(screen.getByText('On-demand')).toBeInTheDocument()
    const card = screen.getByRole('article', { name: 'SELECT * reads every column' })
    expect(card).toHaveTextContent('The job read all 42 columns of sales.orders_2.')
    expect(card).toHaveTextContent('Recommendation: Name the columns the query needs.')
    expect(card).toHaveTextContent('Estimated saving $ 0.0061')
    expect(screen.getByLabelText('Estimated savings')).toHaveTextContent(
      "Estimated savings together $ 0.0061 of this job's $ 0.0122",
    )
    expect(screen.getByLabelText('Estimated savings')).toHaveTextContent('ran 6 times in the last 7 days')
    expect(screen.queryByRole('region', { name: 'Reservation' })).toBeNull()
  })

  it('a job that ran in a reservation shows the reservation with its edition and slot-hour price', async () => {
    const details = testJobDetails(1, {
      pricingPlan: 'ENTERPRISE',
      billingType: 'SLOT_TIME',
      reservation: 'acme-admin:US.etl-pool',
    })
    render('/job/bquxjob_1a2b/details?tab=cost', { ...details, reservation: testReservation })
    const reservation = await screen.findByRole('region', { name: 'Reservation' })
    expect(reservation).toHaveTextContent('Reservation acme-admin:US.etl-pool')
    expect(reservation).toHaveTextContent('enterprise')
    expect(reservation).toHaveTextContent('Autoscaling maximum (slots)400')
    expect(reservation).toHaveTextContent('$ 0.0480')
  })

  it('the tables tab lists the tables read and written with their size', async () => {
    render('/job/bquxjob_2a2b/details?tab=tables')
    const read = await findSettledTable({ name: 'Tables read' })
    expect(read).toHaveTextContent('acme-analytics.sales.orders_2')
    expect(read).toHaveTextContent('50.00 GB')
    expect(read).toHaveTextContent('120,000,000')
    expect(screen.getByText('No tables written')).toBeInTheDocument()
  })

  it('the labels tab lists the labels', async () => {
    render('/job/bquxjob_2a2b/details?tab=labels')
    const labels = await findSettledTable({ name: 'Labels' })
    expect(within(labels).getAllByRole('row')).toHaveLength(3)
    expect(labels).toHaveTextContent('team')
    expect(labels).toHaveTextContent('sales')
  })

  it('M066 says a missing job does not exist', async () => {
    render('/job/bquxjob_gone/details', null)
    expect(await screen.findByText('The job bquxjob_gone does not exist')).toBeInTheDocument()
  })

  it('adds the job to the compare selection', async () => {
    const { user, store } = render('/job/bquxjob_2a2b/details')
    await user.click(await screen.findByRole('button', { name: 'Add to compare' }))
    expect(store.getState().compare.job).toEqual(['bquxjob_2a2b'])
    expect(screen.getByRole('button', { name: 'Added to compare' })).toHaveAttribute('aria-pressed', 'true')
  })
})
