import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  bigqueryEndpoints as calls,
  type BigQueryDataTableRow,
  type BigQueryDatasetList,
  type BigQueryTableJobList,
  type BigQueryTableList,
} from '@costlens/shared'
import { kpiTexts, renderPage, stubEndpoint, stubError, tableRows } from '../../../test/page-harness.tsx'
import { testUser } from '../../../test/users.ts'
import DataPage from './data-page.tsx'

const GIB = 2 ** 30
const TIB = 2 ** 40
const WINDOW = { startTime: '2025-05-17T00:00:00.000Z', endTime: '2025-06-15T10:30:00.000Z' }

function row(table: string, over: Partial<BigQueryDataTableRow> = {}): BigQueryDataTableRow {
  const [projectId, dataset, name] = table.split('.') as [string, string, string]
  return {
    tableId: table,
    projectId,
    dataset,
    table: name,
    partitioned: true,
    partitionCount: 730,
    clustered: true,
    billingModel: 'LOGICAL',
    rows: 9_000_000_000,
    creationTime: '2024-01-01T00:00:00.000Z',
    lastModifiedTime: '2025-06-15T08:00:00.000Z',
    logicalBytes: 5 * TIB,
    activeLogicalBytes: TIB,
    longTermLogicalBytes: 4 * TIB,
    physicalBytes: TIB,
    activePhysicalBytes: 200 * GIB,
    longTermPhysicalBytes: 824 * GIB,
    storageCost: 6_144,
    jobCount: 12,
    bytesScanned: 3 * TIB,
    jobCost: 2_249.006,
    lastReadTime: '2025-06-15T10:28:00.000Z',
    ...over,
  }
}

const ORDERS = row('acme-data-prod.sales.orders')
const KPIS = row('acme-marketing-analytics.marketing.daily_kpis', {
  partitioned: false,
  partitionCount: 0,
  logicalBytes: 2 * GIB,
  activeLogicalBytes: 0,
  longTermLogicalBytes: 2 * GIB,
  physicalBytes: GIB / 2,
  activePhysicalBytes: 0,
  longTermPhysicalBytes: GIB / 2,
  billingModel: 'PHYSICAL',
  storageCost: 1,
  jobCount: 0,
  bytesScanned: 0,
  jobCost: 0,
  lastReadTime: null,
})

const TABLES: BigQueryTableList = {
  total: 2,
  page: 1,
  pageSize: 15,
  ...WINDOW,
  totals: {
    tableCount: 2,
    logicalBytes: 5 * TIB + 2 * GIB,
    activeLogicalBytes: TIB,
    longTermLogicalBytes: 4 * TIB + 2 * GIB,
    physicalBytes: TIB + GIB / 2,
    activePhysicalBytes: 200 * GIB,
    longTermPhysicalBytes: 824 * GIB + GIB / 2,
    storageCost: 6_145,
    jobCount: 12,
    bytesScanned: 3 * TIB,
    jobCost: 2_249.006,
  },
  results: [ORDERS, KPIS],
}

const dataset = (projectId: string, name: string, tableCount: number, storageCost: number) => ({
  projectId,
  dataset: name,
  billingModel: 'LOGICAL' as const,
  tableCount,
  rows: 1_000,
  logicalBytes: 5 * TIB,
  activeLogicalBytes: TIB,
  longTermLogicalBytes: 4 * TIB,
  physicalBytes: TIB,
  activePhysicalBytes: 200 * GIB,
  longTermPhysicalBytes: 824 * GIB,
  storageCost,
  jobCount: 12,
  bytesScanned: 3 * TIB,
  jobCost: 2_249.006,
})

const DATASETS: BigQueryDatasetList = {
  ...WINDOW,
  results: [
    dataset('acme-data-prod', 'sales', 2, 6_224),
    dataset('acme-data-prod', 'raw', 3, 5_000),
    dataset('acme-marketing-analytics', 'marketing', 1, 1),
  ],
}

const JOBS: BigQueryTableJobList = {
  tableId: ORDERS.tableId,
  total: 16,
  page: 1,
  pageSize: 15,
  ...WINDOW,
  results: [
    {
      jobId: 'bqjob_s01',
      projectId: 'acme-marketing-analytics',
      user: 'alice@acme.example',
      jobType: 'Q',
      statementType: 'SELECT',
      status: 'S',
      createTime: '2025-06-15T09:30:00.000Z',
      duration: 4_000,
      bytesScanned: TIB,
      bytesBilled: TIB,
      cost: 625,
      cacheHit: false,
      otherTables: 0,
    },
  ],
}

const CAPTION = 'BigQuery tables'

function render(route: string, tables: BigQueryTableList | null = TABLES) {
  return renderPage(<DataPage />, {
    route,
    path: '/data',
    user: testUser({ clusterType: 'BIGQUERYV2', role: 'admin' }),
    stubs: [
      stubEndpoint(calls.dataTableJobs, JOBS),
      stubEndpoint(calls.dataTable, ORDERS),
      tables ? stubEndpoint(calls.dataTables, tables) : stubError(calls.dataTables, 500, 'boom'),
      stubEndpoint(calls.dataDatasets, DATASETS),
    ],
  })
}

const lastQuery = (page: ReturnType<typeof render>) =>
  Object.fromEntries(page.queries(calls.dataTables).at(-1)!.entries())

describe('/data (BigQuery)', () => {
  it('R159 lists the tables with their storage and reads in units, and the totals', async () => {
    render('/data')
    const [orders, kpis] = await tableRows(CAPTION)
    expect(orders).toHaveTextContent('acme-data-prod.sales.orders')
    expect(orders).toHaveTextContent('5.00 TB')
    // 6,144 cents a month = $ 61.4400; 12 jobs scanned 3 TiB.
    expect(orders).toHaveTextContent('$ 61.4400')
    expect(orders).toHaveTextContent('12')
    expect(orders).toHaveTextContent('3.00 TB')
    expect(kpis).toHaveTextContent('2.00 GB')
    expect(kpiTexts()).toEqual(
      expect.arrayContaining([
        'Tables2',
        expect.stringContaining('Logical storage5.00 TB'),
        'Storage cost / month$ 61.4500',
        expect.stringContaining('Jobs reading (30 days)12'),
      ]),
    )
    expect(
      screen.getByText(/the jobs that read them from 05\/17\/2025 00:00:00 to 06\/15\/2025 10:30:00/),
    ).toBeInTheDocument()
  })

  it('asks page 1 of 15, the biggest tables first, and reads project, dataset, name, page and sort from the address', async () => {
    const first = render('/data')
    await waitFor(() => expect(first.queries(calls.dataTables).length).toBeGreaterThan(0))
    expect(lastQuery(first)).toEqual({ page: '1', pageSize: '15', sort: 'logicalBytes-desc' })
    first.unmount()
    const page = render('/data?project=acme-data-prod&dataset=sales&name=ord&page=2&sort=bytesScanned-desc')
    await waitFor(() =>
      expect(lastQuery(page)).toEqual({
        project: 'acme-data-prod',
        dataset: 'sales',
        name: 'ord',
        page: '2',
        pageSize: '15',
        sort: 'bytesScanned-desc',
      }),
    )
  })

  it('sorts by bytes scanned on the server', async () => {
    const page = render('/data')
    await tableRows(CAPTION)
    const table = screen.getByRole('table', { name: CAPTION })
    await page.user.click(
      within(within(table).getByRole('columnheader', { name: /Bytes scanned/ })).getByRole('button'),
    )
    await waitFor(() => expect(page.router.state.location.search).toMatch(/^\?sort=bytesScanned-(asc|desc)$/))
    await waitFor(() => expect(lastQuery(page).sort).toMatch(/^bytesScanned-/))
  })

  it('lists the datasets, the most storage cost first, and a dataset narrows the tables to it', async () => {
    const page = render('/data?page=2')
    const datasets = await tableRows('Datasets')
    expect(datasets[0]).toHaveTextContent('acme-data-prod.sales')
    expect(datasets[0]).toHaveTextContent('$ 62.2400')
    await page.user.click(within(datasets[1]!).getByRole('button', { name: 'acme-data-prod.raw' }))
    await waitFor(() => expect(page.router.state.location.search).toBe('?dataset=raw&project=acme-data-prod'))
    await waitFor(() =>
      expect(lastQuery(page)).toMatchObject({ project: 'acme-data-prod', dataset: 'raw', page: '1' }),
    )
  })

  it('opens a table: its storage, its reads and the jobs that read it, each linking to its details', async () => {
    const page = render('/data')
    const [orders] = await tableRows(CAPTION)
    await page.user.click(within(orders!).getByRole('button', { name: 'acme-data-prod.sales.orders' }))
    await waitFor(() => expect(page.router.state.location.search).toBe('?table=acme-data-prod.sales.orders'))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('Storage cost / month')).toBeInTheDocument()
    expect(within(dialog).getByText('1.00 TB (20 %)')).toBeInTheDocument()
    expect(within(dialog).getByText('By day, 730 partitions')).toBeInTheDocument()
    const [job] = await tableRows('Jobs that read this table')
    expect(job).toHaveTextContent('$ 6.2500')
    expect(within(job!).getByRole('link', { name: 'bqjob_s01' })).toHaveAttribute(
      'href',
      '/job/bqjob_s01/details',
    )
    await page.user.click(within(dialog).getByRole('button', { name: 'Close the table' }))
    await waitFor(() => expect(page.router.state.location.search).toBe(''))
  })

  it('shows a failure with a retry', async () => {
    render('/data', null)
    expect(await screen.findByText('The tables could not be loaded')).toBeInTheDocument()
  })
})
