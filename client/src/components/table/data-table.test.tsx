import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TableChange, TableView } from '@costlens/shared'
import { renderWithProviders } from '../../../test/render.tsx'
import { DataTable } from './data-table.tsx'
import type { DataColumn, DataTableProps } from './table-types.ts'

interface App {
  id: string
  user: string
  queue: string
  cents: number
}

const columns: DataColumn<App>[] = [
  { key: 'id', title: 'App ID' },
  { key: 'user', title: 'User' },
  { key: 'queue', title: 'Queue' },
  { key: 'cents', title: 'Cost', value: (r) => r.cents / 100, searchable: false },
]

const apps = (n: number): App[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `app_${String(i + 1).padStart(5, '0')}`,
    user: ['etl_svc', 'alice', 'bob'][i % 3]!,
    queue: i % 2 ? 'root.adhoc' : 'root.etl',
    cents: (i * 37) % 1000,
  }))

function render(props: Partial<DataTableProps<App>> = {}) {
  return renderWithProviders(
    <DataTable<App>
      caption="Applications"
      columns={columns}
      rows={apps(23)}
      rowKey={(r) => r.id}
      {...props}
    />,
  )
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Applications' }))
    .getAllByRole('row')
    .slice(1)
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)

afterEach(() => vi.restoreAllMocks())

describe('generic table', () => {
  it('shows a page of 10 rows with the total and pages through them (B096)', async () => {
    const { user } = render()
    expect(bodyRows()).toHaveLength(10)
    expect(screen.getByText('23 records')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(firstCells()[0]).toBe('app_00011')
  })

  it('B102 sorts a new column ascending, then toggles to descending', async () => {
    const { user } = render()
    const header = screen.getByRole('columnheader', { name: /Cost/ })
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(firstCells()[0]).toBe('app_00001') // cost 0
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(within(bodyRows()[0]!).getAllByRole('cell')[3]).toHaveTextContent('8.14')
  })

  it('B103 B105 searches after typing stops, case-insensitively, and "=" matches a whole field', async () => {
    const { user } = render({ defaultView: { page: 2 } })
    await user.type(screen.getByRole('textbox', { name: 'Search Applications' }), 'ALICE')
    await waitFor(() => expect(screen.getByText('8 records')).toBeInTheDocument())
    expect(screen.getByRole('textbox', { name: 'Page of Applications' })).toHaveValue('1')
    await user.clear(screen.getByRole('textbox', { name: 'Search Applications' }))
    await user.type(screen.getByRole('textbox', { name: 'Search Applications' }), '=root.etl')
    await waitFor(() => expect(screen.getByText('12 records')).toBeInTheDocument())
    await user.clear(screen.getByRole('textbox', { name: 'Search Applications' }))
    await user.type(screen.getByRole('textbox', { name: 'Search Applications' }), '=root')
    await waitFor(() => expect(screen.getByText('No Data Available')).toBeInTheDocument())
  })

  it('B094 takes a typed page to the nearest page that exists', async () => {
    const { user } = render()
    const input = screen.getByRole('textbox', { name: 'Page of Applications' })
    await user.clear(input)
    await user.type(input, '99{Enter}')
    expect(firstCells()[0]).toBe('app_00021')
    const again = screen.getByRole('textbox', { name: 'Page of Applications' })
    await user.clear(again)
    await user.type(again, 'abc{Enter}')
    expect(firstCells()[0]).toBe('app_00001')
  })

  it('B104 a page-size change goes back to page 1', async () => {
    const { user } = render({ defaultView: { page: 3 } })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page of Applications' }), '25')
    expect(bodyRows()).toHaveLength(23)
    expect(screen.getByRole('textbox', { name: 'Page of Applications' })).toHaveValue('1')
  })

  it('B109 says "select a column" when every column is hidden', async () => {
    const { user } = render()
    await user.click(screen.getByRole('button', { name: 'Choose the columns of Applications' }))
    const group = await screen.findByRole('group', { name: 'Columns of Applications' })
    for (const box of within(group).getAllByRole('checkbox')) await user.click(box)
    expect(screen.getByText('select a column')).toBeInTheDocument()
  })

  it('B113 B108 downloads a CSV with formula cells neutralised, then shows done', async () => {
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const rows = [{ id: 'app_1', user: '=HYPERLINK("x")', queue: 'root.etl', cents: 150 }]
    const { user } = render({ rows, download: { name: 'applications' } })
    await user.click(screen.getByRole('button', { name: 'Download Applications' }))
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }))
    await waitFor(() => expect(saved).toBeDefined())
    const text = await saved!.text()
    expect(text).toBe('App ID,User,Queue,Cost\r\napp_1,"\'=HYPERLINK(""x"")",root.etl,1.5\r\n')
    expect(await screen.findByRole('button', { name: 'Download Applications' })).toHaveTextContent('Done')
  })

  it('B059 locks the download for a freemium account and says why', () => {
    render({ download: { name: 'applications', locked: true } })
    expect(screen.getByRole('button', { name: /Download Applications \(.*Upgrade/ })).toBeInTheDocument()
  })

  it('renders only the rows in view of a 10,000-row table', () => {
    // jsdom lays nothing out: give the scroll box the height a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480)
    render({ rows: apps(10_000), paginate: false })
    const rendered = bodyRows().filter((r) => within(r).queryAllByRole('cell').length > 1)
    expect(rendered.length).toBeGreaterThan(0)
    expect(rendered.length).toBeLessThan(100)
    expect(screen.getByText('(10,000)')).toBeInTheDocument()
  })

  it('B098 B111 a server table emits its paging and sorting and says when the record cap applies', async () => {
    const changes: TableChange[] = []
    const onViewChange = (_v: TableView, change: TableChange) => changes.push(change)
    const { user } = render({ mode: 'server', rows: apps(15), totalRecords: 250_000, onViewChange })
    expect(screen.getAllByText('Results are limited to 10000 records.')[0]).toBeInTheDocument()
    expect(screen.getByText(/of 667/)).toBeInTheDocument()
    await user.click(within(screen.getByRole('columnheader', { name: /User/ })).getByRole('button'))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(changes).toEqual([
      {
        pagination: { recordsPerPage: 15, currentPage: 1 },
        sorting: { key: 'user', direction: 'asc' },
        searchString: '',
      },
      {
        pagination: { recordsPerPage: 15, currentPage: 2 },
        sorting: { key: 'user', direction: 'asc' },
        searchString: '',
      },
    ])
    // A server page is shown as it came: the table does not re-sort it.
    expect(firstCells()[0]).toBe('app_00001')
  })

  it('B262 disables further selection at the maximum', async () => {
    const onChange = vi.fn()
    render({ selection: { selected: ['app_00001', 'app_00002'], onChange, max: 2 } })
    expect(screen.getByRole('checkbox', { name: 'Select app_00003' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Select app_00001' })).toBeEnabled()
  })

  it('B104 opens and closes a detail row and marks the clicked row active', async () => {
    const { user } = render({ renderDetail: (r) => <p>Details of {r.id}</p> })
    await user.click(screen.getByRole('button', { name: 'Show details of app_00002' }))
    expect(screen.getByText('Details of app_00002')).toBeInTheDocument()
    expect(bodyRows()[1]).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('button', { name: 'Hide details of app_00002' }))
    expect(screen.queryByText('Details of app_00002')).not.toBeInTheDocument()
  })

  it('B174 marks each row with its status style', () => {
    render({ rowStatus: (r) => (r.cents > 500 ? 'error' : 'success') })
    expect(bodyRows()[0]).toHaveAttribute('data-status', 'success')
  })
})
