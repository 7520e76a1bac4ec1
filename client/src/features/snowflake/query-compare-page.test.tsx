import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, on, renderWithProviders, signedIn, stubApi } from '../../../test/render.tsx'
import { testUser } from '../../../test/users.ts'
import { compareIds } from '../../kit/compare-fields.ts'
import QueryComparePage from './query-compare-page.tsx'
import { snowflakePath } from './api.ts'
import { testQueryDetails } from './snowflake-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

function render(route: string) {
  stubApi(
    on('GET', snowflakePath('queryDetails', { queryUid: '01b2-q1' }), () => json(testQueryDetails(1))),
    on('GET', snowflakePath('queryDetails', { queryUid: '01b2-q2' }), () => json(testQueryDetails(2))),
  )
  return renderWithProviders(<QueryComparePage />, {
    preloadedState: signedIn(testUser({ clusterType: 'SNOWFLAKE' })),
    route,
  })
}

const row = (table: HTMLElement, label: string) =>
  within(table)
    .getByRole('rowheader', { name: new RegExp(`^${label}`) })
    .closest('tr')!

describe('/query/compare', () => {
  it.each([
    ['?ids=a,b', ['a', 'b']],
    ['?ids=a,a', ['a']],
    ['?ids=a,b,c', ['a', 'b']],
    ['', []],
  ])('B260 B262 reads the ids of %s', (search, ids) => {
    expect(compareIds(search)).toEqual(ids)
  })

  it('R146 shows the two queries side by side and marks the fields that differ', async () => {
    const { user } = render('/query/compare?ids=01b2-q1,01b2-q2')
    const table = await findSettledTable({ name: 'Compared queries' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.slice(0, 3).map((h) => h.textContent)).toEqual([
      'Field',
      '01b2-q1Success',
      '01b2-q2Success',
    ])
    expect(headers.slice(3).map((h) => h.textContent)).toEqual(['Query', 'Insights', 'Metrics', 'Warehouse'])
    const cost = row(table, 'Cost')
    expect(cost).toHaveTextContent('$ 0.1235')
    expect(cost).toHaveTextContent('$ 0.2469')
    expect(cost).toHaveTextContent('differs')
    expect(row(table, 'Queued overload time')).toHaveTextContent('1,500 ms3,000 ms')
    expect(row(table, 'Compilation time')).not.toHaveTextContent('differs')
    expect(row(table, 'Insights')).toHaveTextContent('Full table scan')
    await user.click(screen.getByRole('switch', { name: 'Show differences only' }))
    expect(within(table).queryByRole('rowheader', { name: /^Compilation time/ })).toBeNull()
    expect(row(table, 'Cost')).toBeInTheDocument()
    expect(screen.getByLabelText('SQL of 01b2-q2')).toHaveTextContent('orders_2')
  })

  it('M066 says which query does not exist and still shows the other', async () => {
    render('/query/compare?ids=01b2-q1,gone')
    expect(await screen.findByText('The query gone does not exist')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Compared queries' })
    expect(within(table).getByRole('link', { name: '01b2-q1' })).toBeInTheDocument()
    expect(within(table).queryByText('differs')).toBeNull()
  })

  it('asks for a selection when there are no ids', async () => {
    render('/query/compare')
    expect(await screen.findByText(/No queries to compare/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'query list' })).toHaveAttribute('href', '/query/list')
  })
})
