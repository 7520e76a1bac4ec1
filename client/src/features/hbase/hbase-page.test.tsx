import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hbaseEndpoints as calls } from '@costlens/shared'
import { kpiTexts, renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
// jsdom lays nothing out: the helpers give SVG text a size so the charts can draw.
import '../../components/charts/chart-test-helpers.ts'
import HbasePage from './hbase-page.tsx'
import {
  basicInfo,
  clusters,
  HOST_1,
  HOST_2,
  regionInfo,
  series,
  servers,
  tables,
} from './hbase-test-data.ts'
import { findSettledTable } from '../../../test/page-queries.ts'

afterEach(() => vi.unstubAllGlobals())

const slow = { timeout: 5_000 }
const param = (request: Request, key: string) => new URL(request.url).searchParams.get(key)

/** The tables of a server: the first holds orders, the second users; the cluster both. */
const tablesOf = (request: Request) => {
  const host = param(request, 'host')
  const namespace = param(request, 'namespace')
  const ofHost = host === HOST_1 ? [tables[0]!] : host === HOST_2 ? [tables[1]!] : tables
  return namespace ? ofHost.filter((t) => t.namespace === namespace) : ofHost
}

const render = (route: string) =>
  renderPage(<HbasePage />, {
    route,
    stubs: [
      stubEndpoint(calls.clusterMetrics, clusters),
      stubEndpoint(calls.regionServers, servers),
      stubEndpoint(calls.tableMetrics, tablesOf),
      stubEndpoint(calls.kpi, series('Cluster')),
      stubEndpoint(calls.regionOsMetrics, series('OS')),
      stubEndpoint(calls.tableKpi, series('Table')),
      stubEndpoint(calls.tableBasicInfo, (r) => basicInfo(param(r, 'table')!)),
      stubEndpoint(calls.tableRegionInfo, (r) => regionInfo(param(r, 'table')!)),
    ],
  })

const search = (page: ReturnType<typeof render>) => new URLSearchParams(page.router.state.location.search)

describe('/clusters/hbase (R013, R060; issue 21)', { timeout: 20_000 }, () => {
  it('B088 opens on the first cluster, today at 1h: the KPI row in units with the alert under its figure', async () => {
    const page = render('/clusters/hbase')
    expect(await screen.findByRole('region', { name: 'hbase-prod now' }, slow)).toBeInTheDocument()
    expect(kpiTexts()).toContain('RPC queue time72 msHigh RPC queue time')
    expect(kpiTexts()).toContain('Heap used8.00 GB of 32.00 GB')
    expect(screen.getByRole('button', { name: 'Date range: Today' })).toBeInTheDocument()
    await waitFor(() => expect(page.queries(calls.kpi).length).toBeGreaterThan(0))
    const kpi = page.queries(calls.kpi).at(-1)!
    expect(kpi.get('interval')).toBe('1h')
    expect(kpi.get('prefix')).toBe('regionserver')
    expect(kpi.has('host')).toBe(false)
    const start = Number(kpi.get('start_time'))
    expect(start).toBe(Date.parse(new Date().toISOString().slice(0, 10)))
    expect(Number(kpi.get('end_time'))).toBeGreaterThan(start)
    expect(page.requests.some((r) => r.url.includes('/hbase/cdh-prod-01/kpi'))).toBe(true)
    // B210: the OS panel shows the first region server when none is chosen.
    await waitFor(() => expect(page.queries(calls.regionOsMetrics).at(-1)?.get('host')).toBe(HOST_1))
    expect(await screen.findByRole('heading', { name: 'OS metrics of rs-01.prod.example.com' })).toBeVisible()
    expect(await screen.findByRole('figure', { name: 'Cluster: Requests (req/s)' }, slow)).toBeInTheDocument()
  })

  it('B207 B208 B209 region servers: host without its prefix, alert as status, missing figures as --', async () => {
    render('/clusters/hbase?tab=region')
    const rows = await tableRows('Region servers', slow)
    await waitFor(() => expect(rows).toHaveLength(2))
    const [live, dead] = rows.map((r) => within(r!))
    expect(live!.getByRole('button', { name: 'Region server rs-01.prod.example.com' })).toBeInTheDocument()
    expect(live!.getByText('Success')).toBeInTheDocument()
    expect(live!.getByText('Good')).toBeInTheDocument()
    expect(live!.getByText('92.50%')).toBeInTheDocument()
    expect(live!.getByText('512.00 MB')).toBeInTheDocument()
    expect(dead!.getByText('rs-02.prod.example.com')).toBeInTheDocument()
    expect(dead!.getByText('Killed')).toBeInTheDocument()
    expect(dead!.getByText('Region server is dead')).toBeInTheDocument()
    expect(dead!.getAllByText('--').length).toBeGreaterThanOrEqual(4)
  })

  it('B210 the first region server is chosen when none is: its tables are listed', async () => {
    const page = render('/clusters/hbase?tab=region')
    const rows = await tableRows('Tables on rs-01.prod.example.com', slow)
    await waitFor(() => expect(rows[0]).toHaveTextContent('default:orders'))
    expect(page.queries(calls.tableMetrics).at(-1)!.get('host')).toBe(HOST_1)
    expect(screen.getByRole('button', { name: 'Region server rs-01.prod.example.com' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  it("B210 choosing a region server clears the table and lists that server's tables", async () => {
    const page = render(
      `/clusters/hbase?tab=region&host=${encodeURIComponent(HOST_1)}&table=default%3Aorders&namespace=default`,
    )
    await tableRows('Tables on rs-01.prod.example.com', slow)
    await page.user.click(
      await screen.findByRole('button', { name: 'Region server rs-02.prod.example.com' }, slow),
    )
    await waitFor(() => expect(search(page).get('host')).toBe(HOST_2))
    expect(search(page).has('table')).toBe(false)
    expect(search(page).has('namespace')).toBe(false)
    const rows = await tableRows('Tables on rs-02.prod.example.com', slow)
    await waitFor(() => expect(rows[0]).toHaveTextContent('default:users'))
    expect(page.queries(calls.tableMetrics).at(-1)!.get('host')).toBe(HOST_2)
  })

  it("the drill: a server's table opens the table tab on that table", async () => {
    const page = render(`/clusters/hbase?tab=region&host=${encodeURIComponent(HOST_2)}`)
    const rows = await tableRows('Tables on rs-02.prod.example.com', slow)
    await waitFor(() => expect(rows[0]).toHaveTextContent('default:users'))
    await page.user.click(within(rows[0]!).getByRole('button', { name: 'Table default:users' }))
    await waitFor(() => expect(search(page).get('tab')).toBe('table'))
    expect(search(page).get('table')).toBe('default:users')
    expect(search(page).get('namespace')).toBe('default')
    expect(await screen.findByRole('tab', { name: 'Table', selected: true })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'default:users' }, slow)).toBeInTheDocument()
    await waitFor(() => expect(page.queries(calls.tableBasicInfo).at(-1)?.get('table')).toBe('default:users'))
    expect(await findSettledTable({ name: 'Regions of default:users' }, slow)).toBeInTheDocument()
    // A step Back undoes: the region tab again, on the same server.
    expect(page.router.state.historyAction).toBe('PUSH')
    await act(() => page.router.navigate(-1))
    expect(await screen.findByRole('tab', { name: 'Region', selected: true })).toBeInTheDocument()
    expect(search(page).get('host')).toBe(HOST_2)
  })

  it('B210 the table tab shows the first table when none is chosen, with its fields in units', async () => {
    const page = render('/clusters/hbase?tab=table')
    expect(await screen.findByRole('heading', { name: 'default:orders' }, slow)).toBeInTheDocument()
    await waitFor(() => expect(page.queries(calls.tableKpi).at(-1)?.get('table')).toBe('default:orders'))
    expect(page.queries(calls.tableKpi).at(-1)!.get('interval')).toBe('1h')
    const details = within(await screen.findByRole('region', { name: 'default:orders' }, slow))
    expect(await details.findByText('12 on 2 servers', {}, slow)).toBeInTheDocument()
    expect(details.getByText('Data size', { selector: 'dt' }).nextSibling).toHaveTextContent('768.00 MB')
    expect(details.getByText('Locality', { selector: 'dt' }).nextSibling).toHaveTextContent('88.00%')
    const rows = await tableRows('Tables')
    expect(within(rows[1]!).getByText('Killed')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Low data locality')).toBeInTheDocument()
  })

  it('a namespace narrows the table list (asked of the server) and lets go of a table outside it', async () => {
    const page = render('/clusters/hbase?tab=table&table=default%3Ausers&namespace=default')
    expect(await screen.findByRole('heading', { name: 'default:users' }, slow)).toBeInTheDocument()
    await page.user.click(screen.getByRole('combobox', { name: 'Namespace' }))
    await page.user.click(await screen.findByRole('option', { name: 'analytics' }))
    await waitFor(() => expect(search(page).get('namespace')).toBe('analytics'))
    expect(search(page).has('table')).toBe(false)
    const rows = await tableRows('Tables in analytics', slow)
    await waitFor(() => expect(rows).toHaveLength(1))
    expect(rows[0]).toHaveTextContent('analytics:events')
    expect(page.queries(calls.tableMetrics).at(-1)!.get('namespace')).toBe('analytics')
    expect(await screen.findByRole('heading', { name: 'analytics:events' }, slow)).toBeInTheDocument()
  })

  it('B210 changing tab refreshes: the region servers are asked again on coming back', async () => {
    const page = render('/clusters/hbase?tab=region')
    await tableRows('Region servers', slow)
    const before = page.queries(calls.regionServers).length
    await page.user.click(screen.getByRole('tab', { name: 'Table' }))
    await findSettledTable({ name: 'Tables' }, slow)
    await page.user.click(screen.getByRole('tab', { name: 'Region' }))
    await tableRows('Region servers', slow)
    await waitFor(() => expect(page.queries(calls.regionServers).length).toBeGreaterThan(before))
  })

  it('choosing another cluster keeps its uid and name in the address and asks for its figures', async () => {
    const page = render('/clusters/hbase?tab=region&host=x')
    await screen.findByRole('region', { name: 'hbase-prod now' }, slow)
    await page.user.click(screen.getByRole('combobox', { name: 'HBase cluster' }))
    await page.user.click(await screen.findByRole('option', { name: 'hbase-etl' }))
    await waitFor(() => expect(search(page).get('clusterUid')).toBe('hdp-etl-01'))
    expect(search(page).get('clusterName')).toBe('hbase-etl')
    expect(search(page).has('host')).toBe(false)
    await waitFor(() =>
      expect(
        page.requests.some((r) => r.url.includes('/hbase/regions/hdp-etl-01/region_server_optional')),
      ).toBe(true),
    )
  })
})
