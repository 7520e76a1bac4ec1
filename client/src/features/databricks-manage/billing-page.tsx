import { useMemo } from 'react'
import { Alert, Paper, Stack, Text } from '@mantine/core'
import {
  DATABRICKS_WORKLOAD_TYPES,
  MESSAGES,
  billingFrom,
  billingNotice,
  formatDate,
  formatDollars,
  formatNumber,
  formatUsd,
  type DatabricksBilling,
  type DatabricksBillingWorkload,
} from '@costlens/shared'
import { useDocumentTitle } from '../../app/use-document-title.ts'
import type { CategorySeries } from '../../components/charts/chart-types.ts'
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { KpiRow, type Kpi } from '../../kit/kpi-row.tsx'
import { PageHeader, RangePicker, RefreshButton } from '../../kit/page-header.tsx'
import { useAddressRange } from '../../kit/use-address-range.ts'
import { useDatabricksBillingQuery } from './api.ts'

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The billing call's query for a picked range: `from` is the range's start date plus 15 days (02 §7,
 * B169 billingFrom), so it lands in the first billing month whatever the time zone; `to` its end date.
 */
export function billingQuery(range: { start: number; end: number }): { from: string; to: string } {
  return { from: billingFrom(isoDay(range.start)), to: isoDay(range.end) }
}

/** The contract's labels (02 §3 Billing labels), each with its unit. */
export function billingKpis(b: DatabricksBilling): Kpi[] {
  return [
    { label: 'Plan', value: b.plan },
    { label: 'Start date', value: formatDate(b.startDate) },
    { label: 'End date', value: formatDate(b.endDate), note: `${formatNumber(b.daysLeft, 0)} days left` },
    { label: 'Starting credit', value: formatDollars(b.startingCredit) },
    {
      label: 'Balance',
      value: formatDollars(b.balance),
      note: `${formatDollars(b.consumed)} consumed since the start`,
    },
    { label: 'Monthly threshold', value: formatDollars(b.monthlyThreshold) },
    {
      label: 'Outstanding amount',
      value: formatDollars(b.outstandingAmount),
      ...(b.outstandingAmount > 0 && {
        note: 'Consumed beyond the starting credit',
        noteTone: 'worse' as const,
      }),
    },
  ]
}

/** The month's consumption split by workload type, one series per type with any cost in the period. */
export function monthSeries(b: DatabricksBilling): CategorySeries[] {
  const types = [...new Set(b.workloads.filter((w) => w.cost > 0).map((w) => w.sku))]
  return types.map((sku) => ({
    name: DATABRICKS_WORKLOAD_TYPES[sku],
    data: b.months.map((m) => b.workloads.find((w) => w.month === m.month && w.sku === sku)?.cost ?? 0),
  }))
}

const WORKLOAD_COLUMNS: DataColumn<DatabricksBillingWorkload>[] = [
  { key: 'month', title: 'Month (UTC)', sortable: true, width: 120 },
  { key: 'workloadType', title: 'Workload type', sortable: true, width: 220 },
  { key: 'dbus', title: 'DBUs', sortable: true, render: (w) => formatNumber(w.dbus, 4), width: 140 },
  {
    key: 'costPerUnit',
    title: 'Cost per unit (USD/DBU)',
    sortable: true,
    render: (w) => formatUsd(w.costPerUnit),
    width: 190,
  },
  { key: 'cost', title: 'Cost (USD)', sortable: true, render: (w) => formatUsd(w.cost), width: 160 },
  {
    key: 'instanceHours',
    title: 'Instance hours',
    sortable: true,
    render: (w) => formatNumber(w.instanceHours, 2),
    width: 140,
  },
]

/**
 * /manage/billing (R211): the Databricks billing contract (02 §3 Billing labels), the contract
 * expiry warning within 30 days of its end (B170), the consumption of each month of the range
 * against the monthly threshold and by workload type. Bills default to this month (02 §9).
 */
export default function BillingPage() {
  useDocumentTitle('Billing')
  const range = useAddressRange({ preset: 'thisMonth' })
  const query = billingQuery(range.state.dateRange)
  const result = useDatabricksBillingQuery(query)
  const billing = result.isError ? null : result.data
  const notice = billing === undefined ? null : billingNotice(billing)
  const series = useMemo(() => (billing ? monthSeries(billing) : []), [billing])
  const threshold = useMemo(
    () =>
      billing
        ? {
            value: billing.monthlyThreshold,
            label: `Monthly threshold ${formatDollars(billing.monthlyThreshold)}`,
          }
        : undefined,
    [billing],
  )
  return (
    <Stack gap="md">
      <PageHeader
        title="Billing"
        description={
          billing
            ? `Consumption from ${formatDate(billing.from)} to ${formatDate(billing.to)} (DBU cost, USD)`
            : undefined
        }
      >
        <RangePicker list={range} kind="bills" />
        <RefreshButton clock={range.clock} onRefresh={() => void result.refetch()} />
      </PageHeader>
      {notice && (
        <Alert color={billing ? 'yellow' : 'gray'} role={billing ? 'alert' : 'status'}>
          {notice}
        </Alert>
      )}
      {result.isLoading && <Text c="dimmed">Loading billing…</Text>}
      {billing && (
        <>
          <KpiRow kpis={billingKpis(billing)} label="Billing contract" />
          <Paper withBorder p="sm">
            <StackedBarChart
              title="Monthly consumption against the threshold"
              description={`DBU cost of each month by workload type, in USD, against the monthly threshold of ${formatDollars(billing.monthlyThreshold)}.`}
              categories={billing.months.map((m) => m.month)}
              series={series}
              cost
              valueFormat={formatDollars}
              yAxisTitle="Cost (USD)"
              threshold={threshold}
              emptyText={MESSAGES.M067}
            />
          </Paper>
          <DataTable
            caption="Consumption by workload type"
            columns={WORKLOAD_COLUMNS}
            rows={billing.workloads}
            rowKey={(w) => `${w.month}:${w.sku}`}
            loading={result.isFetching}
            emptyText="No consumption in this range."
            paginate={false}
          />
        </>
      )}
    </Stack>
  )
}
