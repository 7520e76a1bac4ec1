import { useSearchParams } from 'react-router-dom'
import { Select } from '@mantine/core'
import { bigQueryCostUsd, type BigQueryTagCostRow } from '@costlens/shared'
import { DataTable } from '../../components/table/data-table.tsx'
import { costWindowParams, useCostCall, type CostViewProps } from '../../kit/cost-page.tsx'
import { DashboardPanel } from '../../kit/dashboard-panel.tsx'
import { useBigqueryCostTagsQuery } from './api.ts'
import { amountColumns, jobListHref, nameColumn, totalsKpis } from './cost-format.tsx'

/**
 * /cost/osd_tags (R154): the cost by label key (a job counts under each key it carries; the jobs
 * without labels as the untagged row), then by value of the key chosen (kept in the address as
 * `key`; the jobs without it as the untagged row). A value leads to its jobs in the job list.
 */
export function TagsView(props: CostViewProps) {
  const { dateRange } = props.range
  const [params, setParams] = useSearchParams()
  const asked = params.get('key') ?? undefined
  const request = { ...costWindowParams(dateRange), ...(asked && { key: asked }) }
  const result = useCostCall(useBigqueryCostTagsQuery, request, props.now)
  const keys = (result.data?.keys ?? []).filter((k) => k.id !== '').map((k) => k.id)
  return (
    <>
      <Select
        label="Label key"
        w={260}
        data={keys}
        value={result.data?.key || null}
        allowDeselect={false}
        disabled={!keys.length}
        onChange={(value) =>
          setParams(
            (p) => {
              if (value) p.set('key', value)
              return p
            },
            { replace: true },
          )
        }
      />
      <DashboardPanel
        what="The cost by tag"
        result={result}
        kpiLabel="Cost totals"
        kpis={(d) => totalsKpis(d.total)}
        cols={1}
        // One donut: the values of a key add up to the window's cost. Keys overlap (a job counts
        // under each key it carries), so they are a table below, never parts of a whole.
        charts={(d) => [
          {
            kind: 'donut',
            title: `Share of cost by ${d.key || 'tag'} (USD)`,
            slices: d.values.map((v) => ({ name: v.name, value: bigQueryCostUsd(v.cost) })),
            exportAllowed: props.exportAllowed,
          },
        ]}
      >
        {(d) => (
          <>
            <DataTable<BigQueryTagCostRow>
              caption={`Cost by value of ${d.key || 'a label'}`}
              columns={[
                nameColumn<BigQueryTagCostRow>('Value', (r) =>
                  r.id === '' ? null : jobListHref(dateRange, { tags: `${d.key}:${r.id}` }),
                ),
                ...amountColumns<BigQueryTagCostRow>(),
              ]}
              rows={d.values}
              rowKey={(r) => r.id || '(untagged)'}
              defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
              download={{ name: 'bigquery_cost_tag_values', formats: ['csv'], locked: !props.exportAllowed }}
            />
            <DataTable<BigQueryTagCostRow>
              caption="Cost by label key"
              columns={[nameColumn<BigQueryTagCostRow>('Label key'), ...amountColumns<BigQueryTagCostRow>()]}
              rows={d.keys}
              rowKey={(r) => r.id || '(untagged)'}
              defaultView={{ sort: { key: 'cost', direction: 'desc' }, pageSize: 15 }}
              download={{ name: 'bigquery_cost_tag_keys', formats: ['csv'], locked: !props.exportAllowed }}
            />
          </>
        )}
      </DashboardPanel>
    </>
  )
}
