import { useSearchParams } from 'react-router-dom'
import { SimpleGrid, Select, Text } from '@mantine/core'
import { BIGQUERY_TOPK, type BigQueryTopRow, type DateRange } from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { OverflowTooltip } from '../../components/table/overflow-text.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { costWindowParams, useCostCall, type CostViewProps } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'
import { useBigqueryCostTopKQuery } from './api.ts'
import { amountColumns, jobListHref, nameColumn, totalsKpis } from './cost-format.tsx'

/** The K the select offers (5 to 50), kept in the address as `k`. */
export const K_CHOICES = [5, 10, 25, 50] as const

/** A statement: its text (its latest job's), linked to that job; the signature leads to its runs. */
function statementColumn(range: DateRange): DataColumn<BigQueryTopRow> {
  return {
    key: 'name',
    title: 'Statement',
    width: 380,
    priority: 1,
    sticky: true,
    render: (r) => (
      <OverflowTooltip label={r.sqlShort}>
        <ReturnLink to={`/job/${encodeURIComponent(r.sampleJobId)}/details`} mono>
          {r.sqlShort || r.id}
        </ReturnLink>
        <Text size="xs" c="dimmed">
          signature{' '}
          <ReturnLink to={jobListHref(range, { signature: r.signature })} mono>
            {r.signature}
          </ReturnLink>
        </Text>
      </OverflowTooltip>
    ),
  }
}

const RANKINGS = [
  { key: 'projects', title: 'Top projects by cost', row: 'Project', filter: 'projectId' },
  { key: 'users', title: 'Top users by cost', row: 'User', filter: 'userName' },
  { key: 'signatures', title: 'Top signatures by cost', row: 'Signature', filter: 'signature' },
] as const

/** /cost/osd_topk (R153): the K costliest projects, users, statements and signatures of the window. */
export function TopKView(props: CostViewProps) {
  const { dateRange } = props.range
  const [params, setParams] = useSearchParams()
  const asked = Number(params.get('k'))
  const k = asked >= BIGQUERY_TOPK.min && asked <= BIGQUERY_TOPK.max ? asked : BIGQUERY_TOPK.default
  const result = useCostCall(useBigqueryCostTopKQuery, { ...costWindowParams(dateRange), k }, props.now)
  const table = (
    key: string,
    title: string,
    rows: readonly BigQueryTopRow[],
    columns: DataColumn<BigQueryTopRow>[],
  ) => (
    <DataTable<BigQueryTopRow>
      key={key}
      caption={title}
      columns={[...columns, ...amountColumns<BigQueryTopRow>()]}
      rows={rows}
      rowKey={(r) => r.id}
      defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 50 }}
      download={{ name: `bigquery_top_${key}`, formats: ['csv'], locked: !props.exportAllowed }}
    />
  )
  return (
    <>
      <Select
        label="K: rows in each ranking"
        w={220}
        data={K_CHOICES.map(String)}
        value={String(k)}
        allowDeselect={false}
        onChange={(value) =>
          setParams(
            (p) => {
              p.set('k', value ?? String(BIGQUERY_TOPK.default))
              return p
            },
            { replace: true },
          )
        }
      />
      <DashboardPanel
        what="The ranking"
        result={result}
        kpiLabel="Cost totals"
        kpis={(d) => totalsKpis(d.total)}
      >
        {(d) => (
          <SimpleGrid cols={{ base: 1, xl: 2 }}>
            {RANKINGS.map((r) =>
              table(r.key, r.title, d[r.key], [
                nameColumn<BigQueryTopRow>(r.row, (row) => jobListHref(dateRange, { [r.filter]: row.id })),
              ]),
            )}
            {table('statements', 'Top statements by cost', d.statements, [statementColumn(dateRange)])}
          </SimpleGrid>
        )}
      </DashboardPanel>
    </>
  )
}
