import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TableChange, TableView } from '@costlens/shared'
import { renderWithProviders } from '../../../test/render.tsx'
import { DataTable } from './data-table.tsx'
import type { DataColumn, DataTableProps } from './table-types.ts'
import { timeColumn } from './time-column.ts'

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

describe('generic table: a time column names its zone (issue 16, 01 §2.5)', () => {
  interface Job {
    id: string
    started: number
  }
  // A year apart, so sorting by the MM/DD/YYYY text would put them the wrong way round.
  const jobs: Job[] = [
    { id: 'job_a', started: Date.parse('2026-01-05T08:00:00Z') },
    { id: 'job_b', started: Date.parse('2025-12-31T23:30:00Z') },
  ]
  const jobColumns = [{ key: 'id', title: 'Job' }, timeColumn<Job>('started', 'Start Time', (r) => r.started)]
  const renderJobs = () =>
    renderWithProviders(
      <DataTable<Job>
        caption="Jobs"
        columns={jobColumns}
        rows={jobs}
        rowKey={(r) => r.id}
        download={{ name: 'jobs' }}
      />,
    )
  const jobCells = () =>
    within(screen.getByRole('table', { name: 'Jobs' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      )

  it('says UTC in its heading, sorts by the instant and is searched by the time shown', async () => {
    const { user } = renderJobs()
    const heading = screen.getByRole('columnheader', { name: /^Start Time \(UTC\)/ })
    await user.click(within(heading).getByRole('button'))
    expect(jobCells()).toEqual([
      ['job_b', '12/31/2025 23:30:00'],
      ['job_a', '01/05/2026 08:00:00'],
    ])
    await user.type(screen.getByRole('textbox', { name: 'Search Jobs' }), '12/31')
    await waitFor(() => expect(jobCells()).toEqual([['job_b', '12/31/2025 23:30:00']]))
  })

  it('downloads under the same heading, with the times the screen shows as ISO 8601 (issue 22)', async () => {
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const { user } = renderJobs()
    await user.click(screen.getByRole('button', { name: 'Download Jobs' }))
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }))
    await waitFor(() => expect(saved).toBeDefined())
    expect(await saved!.text()).toBe(
      'Job,Start Time (UTC)\r\njob_a,2026-01-05T08:00:00Z\r\njob_b,2025-12-31T23:30:00Z\r\n',
    )
  })
})

interface Run {
  id: string
  name: string
  status: string
  cost: number
  user: string
  queue: string
}

const fitColumnsOf: DataColumn<Run>[] = [
  { key: 'name', title: 'Name', width: 200, priority: 1, sticky: true },
  { key: 'status', title: 'Status', width: 100, priority: 2 },
  { key: 'user', title: 'User', width: 150, priority: 3 },
  { key: 'cost', title: 'Cost', width: 100, priority: 2 },
  { key: 'queue', title: 'Queue', width: 150, priority: 4 },
]

const runs: Run[] = Array.from({ length: 3 }, (_, i) => ({
  id: `run_${i + 1}`,
  name: `nightly_revenue_rollup_for_the_finance_team_${i + 1}`,
  status: 'success',
  cost: i + 1,
  user: 'etl_svc',
  queue: 'root.etl',
}))

/** The width the browser would measure for the table's box (jsdom lays nothing out). */
function measureWidth(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const entry = {
          target,
          borderBoxSize: [{ inlineSize: width, blockSize: 0 }],
          contentBoxSize: [{ inlineSize: width, blockSize: 0 }],
          contentRect: { x: 0, y: 0, width, height: 0, top: 0, left: 0, bottom: 0, right: width },
        }
        this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver)
      }
      unobserve() {}
      disconnect() {}
    },
  )
}

function renderRuns(props: Partial<DataTableProps<Run>> = {}) {
  return renderWithProviders(
    <DataTable<Run> caption="Runs" columns={fitColumnsOf} rows={runs} rowKey={(r) => r.id} {...props} />,
  )
}

const headers = () =>
  within(screen.getByRole('table', { name: 'Runs' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent)

describe('generic table: fits its width (issue 16)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it.each([
    { width: 450, expected: ['Name', 'Status', 'Cost'] },
    { width: 560, expected: ['Name', 'Status', 'User', 'Cost'] },
    { width: 900, expected: ['Name', 'Status', 'User', 'Cost', 'Queue'] },
  ])('in $width px shows the columns that fit, by priority: $expected', async ({ width, expected }) => {
    measureWidth(width)
    renderRuns()
    await waitFor(() => expect(headers()).toEqual(expected))
    // No sideways scroll: the table is as wide as its box, the spare room given to the name column.
    // (The width follows the measured box a render after the columns, so it is awaited too.)
    await waitFor(() => expect(screen.getByRole('table', { name: 'Runs' }).style.width).toBe(`${width}px`))
  })

  it('the name column stays at the left, after the selection column', async () => {
    measureWidth(600)
    renderRuns({ selection: { selected: [], onChange: () => {} } })
    await waitFor(() => expect(headers()).toContain('Status'))
    const name = screen.getByRole('columnheader', { name: /Name/ })
    expect(name.className).toMatch(/sticky/)
    expect(name.style.left).toBe('44px')
    expect(screen.getByRole('columnheader', { name: /Status/ }).className).not.toMatch(/sticky/)
  })

  it('remembers the columns the user chose for this table, and Reset brings back the defaults', async () => {
    measureWidth(450)
    const first = renderRuns()
    await waitFor(() => expect(headers()).toEqual(['Name', 'Status', 'Cost']))
    const { user } = first
    await user.click(screen.getByRole('button', { name: 'Choose the columns of Runs' }))
    const group = await screen.findByRole('group', { name: 'Columns of Runs' })
    expect(within(group).getByRole('checkbox', { name: 'Queue' })).not.toBeChecked()
    await user.click(within(group).getByRole('checkbox', { name: 'Queue' }))
    // Asked for more than fits: the column is added, none swapped out, and the table scrolls sideways.
    await waitFor(() => expect(headers()).toEqual(['Name', 'Status', 'Cost', 'Queue']))
    expect(screen.getByRole('table', { name: 'Runs' }).style.width).toBe('550px')
    await user.click(within(group).getByRole('checkbox', { name: 'Status' }))
    await waitFor(() => expect(headers()).toEqual(['Name', 'Cost', 'Queue']))
    first.unmount()

    // A later visit: the same table shows the same choice.
    const again = renderRuns()
    await waitFor(() => expect(headers()).toEqual(['Name', 'Cost', 'Queue']))
    await again.user.click(screen.getByRole('button', { name: 'Choose the columns of Runs' }))
    await again.user.click(await screen.findByRole('button', { name: 'Reset the columns of Runs' }))
    await waitFor(() => expect(headers()).toEqual(['Name', 'Status', 'Cost']))
    expect(screen.getByRole('button', { name: 'Reset the columns of Runs' })).toBeDisabled()
  })

  it('a cut cell shows its whole text on keyboard focus, and only a cut cell joins the tab order', async () => {
    // jsdom lays nothing out: make every text wider than its box, as a long name is in a browser.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(400)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(180)
    renderRuns()
    const cell = await screen.findByText('nightly_revenue_rollup_for_the_finance_team_1')
    await waitFor(() => expect(cell).toHaveAttribute('tabindex', '0'))
    act(() => cell.focus())
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'nightly_revenue_rollup_for_the_finance_team_1',
    )
  })

  it('text that fits has no tooltip and no tab stop', async () => {
    renderRuns()
    const cell = await screen.findByText('nightly_revenue_rollup_for_the_finance_team_1')
    expect(cell).not.toHaveAttribute('tabindex')
    act(() => cell.focus())
    expect(screen.queryByRole('tooltip')).toBeNull()
  })
})
