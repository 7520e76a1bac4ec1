import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Route, Routes, useParams } from 'react-router-dom'
import {
  appDetailsEndpoints as details,
  hiveEndpoints,
  impalaDetailsEndpoints as impala,
  queryDetailsEndpoints,
  type AppDetailsSummary,
} from '@costlens/shared'
import { renderPage, stubEndpoint, tableRows } from '../../../test/page-harness.tsx'
import AppDetailsPage from './app-details-page.tsx'
import {
  hiveSummary,
  hiveViz,
  impalaFragments,
  impalaOperators,
  impalaQuery,
  impalaSummary,
  prestoQuery,
  prestoSummary,
} from './query-test-data.ts'

/** Where R109 leads: the BigQuery job details route, standing in for its page. */
function JobShown() {
  return <p>BigQuery job {useParams().jobId}</p>
}

// A shared machine renders tables slowly: wait for them longer than 1 s.
const slow = { timeout: 5_000 }
const SUMMARIES = [impalaSummary, hiveSummary, prestoSummary]
const QUERIES = [impalaQuery, prestoQuery]
const byId =
  <T extends { id: string }>(rows: readonly T[]) =>
  (r: Request) =>
    rows.find((row) => decodeURIComponent(r.url).includes(row.id)) ?? rows[0]!

const render = (route: string, path = '/app/application/:appType') =>
  renderPage(<AppDetailsPage />, {
    route,
    path,
    stubs: [
      stubEndpoint(details.canAccess, { canAccessApp: true, appExist: true }),
      stubEndpoint(details.summary, byId<AppDetailsSummary>(SUMMARIES)),
      stubEndpoint(queryDetailsEndpoints.query, byId(QUERIES)),
      stubEndpoint(impala.fragments, impalaFragments),
      stubEndpoint(impala.operators, impalaOperators),
      stubEndpoint(hiveEndpoints.vizJson, hiveViz),
    ],
  })
const address = (type: string, s: AppDetailsSummary, tab: string) =>
  `/app/application/${type}?execId=${encodeURIComponent(s.id)}&clusterUid=${s.clusterUid}&tab=${tab}`
const tabNames = async (name: string) =>
  within(await screen.findByRole('tablist', { name: `${name} sections` }, slow))
    .getAllByRole('tab')
    .map((t) => t.textContent)
/** The open tab's panel (the header's key figures repeat some values). */
const panel = () => within(screen.getByRole('tabpanel'))
const operatorNames = (rows: HTMLElement[]) => rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)

describe('the query engines’ details tabs (Impala, Hive, Presto)', { timeout: 20_000 }, () => {
  it('02 §2 Impala Query: the pool, the memory limit, estimate and peak per host in bytes units, and the SQL in the code viewer', async () => {
    render(address('impala', impalaSummary, 'query'))
    expect(await tabNames('impala_report_41')).toEqual([
      'Summary',
      'Query',
      'Fragments',
      'Operators',
      'Errors',
      'Resources',
      'Insights',
    ])
    expect(await screen.findByText('8.00 GB', { selector: 'dd' }, slow)).toBeInTheDocument()
    expect(screen.getByText('3.00 GB', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByText('2.00 GB (25.0% of the limit)', { selector: 'dd' })).toBeInTheDocument()
    expect(panel().getByText('root.analytics', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByLabelText(`SQL of ${impalaSummary.id}`)).toHaveTextContent(
      /FROM sales\.orders f.*JOIN ref\.regions d/,
    )
  })

  it('02 §2 Impala fragments: times in ms (from ns), peak memory in bytes units, the coordinator flagged', async () => {
    render(address('impala', impalaSummary, 'fragments'))
    const rows = await tableRows('Impala fragments', slow)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent(/^F00Yes1/)
    expect(rows[0]).toHaveTextContent('7,380 ms')
    expect(rows[1]).toHaveTextContent(/^F01No8/)
    expect(rows[1]).toHaveTextContent('4,512.3 ms6,560 ms1.50 GB1.75 GB12,480F00')
  })

  it('02 §2 Impala operators as a tree: each under the operator it feeds, folding a node hides its inputs', async () => {
    const { user } = render(address('impala', impalaSummary, 'operators'))
    let rows = await tableRows('Impala operators', slow)
    expect(operatorNames(rows)).toEqual([
      '06:AGGREGATE',
      '05:EXCHANGE',
      '03:AGGREGATE',
      '01:HASH JOIN',
      '00:SCAN HDFS',
      '02:EXCHANGE',
      '04:SCAN HDFSError',
    ])
    // The scan: its time from ns to ms, rows against the estimate, its io and the table it reads.
    expect(rows[4]).toHaveTextContent('2,100 ms3,280.5 ms1.25 GB')
    expect(rows[4]).toHaveTextContent(/^00:SCAN HDFSF01sales\.orders8/)
    expect(rows[4]).toHaveTextContent('8,450,1129,000,0005.00 GB')
    expect(screen.getByText('7 of 7 operators shown')).toBeInTheDocument()
    // A failed operator says so beside its name, not only in its Status column at the far right.
    expect(within(rows[6]!).getAllByRole('cell')[0]).toHaveTextContent('04:SCAN HDFSError')

    await user.click(screen.getByRole('button', { name: 'Collapse 01:HASH JOIN' }))
    rows = await tableRows('Impala operators')
    expect(operatorNames(rows)).toEqual(['06:AGGREGATE', '05:EXCHANGE', '03:AGGREGATE', '01:HASH JOIN'])
    expect(screen.getByRole('button', { name: 'Expand 01:HASH JOIN' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )

    await user.click(screen.getByRole('button', { name: 'Collapse all' }))
    expect(operatorNames(await tableRows('Impala operators'))).toEqual(['06:AGGREGATE'])
    await user.click(screen.getByRole('button', { name: 'Expand all' }))
    expect(await tableRows('Impala operators')).toHaveLength(7)
  })

  it('Hive Query: the HiveQL, the tables it reads and writes, and its child jobs each linking to its own details', async () => {
    render(address('hive', hiveSummary, 'query'))
    expect(await tabNames('hive_query_88')).toEqual([
      'Summary',
      'Query',
      'Plan',
      'Errors',
      'Resources',
      'Insights',
    ])
    expect(await screen.findByLabelText(`HiveQL of ${hiveSummary.id}`, {}, slow)).toHaveTextContent(
      'INSERT OVERWRITE TABLE fin.ledger',
    )
    expect(screen.getByText('sales.orders', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByText('fin.ledger', { selector: 'dd' })).toBeInTheDocument()
    const rows = await tableRows('Child jobs', slow)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByRole('link', { name: 'application_1717903340_000901' })).toHaveAttribute(
      'href',
      '/app/application/tez?execId=application_1717903340_000901&clusterUid=cdh-prod-01',
    )
    expect(within(rows[1]!).getByRole('link', { name: 'application_1717903340_000902' })).toHaveAttribute(
      'href',
      '/app/application/mr?execId=application_1717903340_000902&clusterUid=cdh-prod-01',
    )
    expect(rows[1]).toHaveTextContent('2m 5s')
  })

  it('Hive Plan: the stages in dependency order, the job each ran as, and their operators in data-flow order', async () => {
    render(address('hive', hiveSummary, 'plan'))
    const stage2 = await screen.findByRole('article', { name: 'Stage-2' }, slow)
    expect(stage2).toHaveTextContent('Tez job · after Stage-1')
    expect(within(stage2).getByRole('link', { name: 'application_1717903340_000902' })).toHaveAttribute(
      'href',
      '/app/application/tez?execId=application_1717903340_000902&clusterUid=cdh-prod-01',
    )
    const ops = within(within(stage2).getByRole('list', { name: 'Operators' })).getAllByRole('listitem')
    expect(ops.map((o) => o.textContent?.split(' ').slice(0, 2).join(' '))).toEqual([
      'TS_10 TableScan',
      '└ FIL_11',
      '└ GBY_13',
      '└ FS_15',
    ])
    expect(screen.getByRole('article', { name: 'Stage-3' })).toHaveTextContent(
      'Move the output into the table',
    )
  })

  it('R108 Presto: the page with the type fixed by the path, its resource group, CPU time and memory with units', async () => {
    render(
      `/app/application/apptype/presto?execId=${prestoSummary.id}&clusterUid=cdh-presto-01&tab=query`,
      '/app/application/apptype/presto',
    )
    expect(await tabNames('presto_adhoc_42')).toEqual(['Summary', 'Query', 'Errors', 'Resources', 'Insights'])
    expect(await panel().findByText('Resource group', {}, slow)).toBeInTheDocument()
    expect(panel().getByText('global.bi', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByText('2m 5s (125,000 ms)', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByText('3.00 GB·s', { selector: 'dd' })).toBeInTheDocument()
    expect(screen.getByLabelText(`SQL of ${prestoSummary.id}`)).toHaveTextContent('FROM hive.web.clicks f')
  })

  it('R109 (issue 19): /app/application/apptype/bigquery leads to the BigQuery job details (R157, E167), asking nothing of the app calls', async () => {
    const { bodies } = renderPage(
      <Routes>
        <Route path="/app/application/apptype/:fixedType" element={<AppDetailsPage />} />
        <Route path="/job/:jobId/details" element={<JobShown />} />
      </Routes>,
      {
        route: '/app/application/apptype/bigquery?execId=bquxjob_1a_2b&clusterUid=acme-data-prod&tab=query',
        stubs: [stubEndpoint(details.canAccess, { canAccessApp: true, appExist: true })],
      },
    )
    expect(await screen.findByText('BigQuery job bquxjob_1a_2b', {}, slow)).toBeInTheDocument()
    expect(bodies(details.canAccess)).toEqual([])
  })
})
