import { Card, Stack, Text } from '@mantine/core'
import {
  formatBytes,
  formatCount,
  type BigQueryJobDetails,
  type BigQueryTableRef,
  type BigQueryTag,
  bigQueryCentsUsd,
} from '@costlens/shared'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { DataTable } from '../../components/table/data-table.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { gridFields } from '../../kit/compare-fields.ts'
import type { DetailTab } from '../../kit/detail-page.tsx'
import { FieldGrid } from '../../kit/field-grid.tsx'
import { ShareBars } from '../../kit/share-bars.tsx'
import { COST_FIELDS, JOB_FIELDS, STAGES, VOLUME_FIELDS } from './job-fields.ts'
import { stageMs } from './job-format.tsx'
import { InsightCard } from '../../kit/insight-card.tsx'

/** The tabs of /job/{jobId}/details, in order; the open one is kept in `?tab=`. */
export const JOB_DETAIL_TABS: readonly DetailTab<BigQueryJobDetails>[] = [
  {
    value: 'job',
    label: 'Job',
    fields: (d) => gridFields(JOB_FIELDS, d),
    render: (d) => (
      <CodeViewer title={`Statement of ${d.job.id}`} code={d.job.statement.full} language="sql" />
    ),
  },
  {
    value: 'timing',
    label: 'Timing and volume',
    render: (d) => (
      <Stack gap="md">
        <ShareBars
          caption="Stage times (ms)"
          labelTitle="Stage"
          valueTitles={['Average (ms)', 'Maximum (ms)']}
          barsTitle="Share of the longest (upper bar average, lower bar maximum)"
          rows={STAGES.map((s) => ({
            key: s.key,
            label: s.label,
            values: [d.job[s.key].avg, d.job[s.key].max],
          }))}
          format={stageMs}
        />
        <FieldGrid cols={3} fields={gridFields(VOLUME_FIELDS, d)} />
      </Stack>
    ),
  },
  { value: 'cost', label: 'Cost and insights', render: (d) => <CostPanel details={d} /> },
  { value: 'tables', label: 'Tables', render: (d) => <TablesPanel details={d} /> },
  { value: 'labels', label: 'Labels', render: (d) => <LabelsTable tags={d.job.tags} /> },
]

/** The cost and its basis, the reservation, and the insights with their recommendations and savings. */
function CostPanel({ details }: { details: BigQueryJobDetails }) {
  const { reservation } = details
  return (
    <Stack gap="md">
      <FieldGrid cols={3} fields={gridFields(COST_FIELDS, details)} />
      {reservation && (
        <Card withBorder padding="sm" component="section" aria-label="Reservation">
          <Text size="sm" fw={600} mb="xs">
            Reservation {reservation.reservationId}
          </Text>
          <FieldGrid
            cols={3}
            fields={[
              { label: 'Edition', value: reservation.edition.replaceAll('_', ' ').toLowerCase() },
              { label: 'Baseline slots', value: formatCount(reservation.slotCapacity) },
              { label: 'Autoscaling maximum (slots)', value: formatCount(reservation.maxSlots) },
              { label: 'Commitment', value: reservation.commitment.replaceAll('_', ' ').toLowerCase() },
              { label: 'Price per slot-hour (USD)', value: `$ ${reservation.usdPerSlotHour.toFixed(4)}` },
            ]}
          />
        </Card>
      )}
      {details.insights.length === 0 ? (
        <Text c="dimmed">No insights were raised on this job.</Text>
      ) : (
        <Stack gap="sm">
          {/* A saving is a share of this job's cost, and together they never exceed it. */}
          <Card withBorder padding="sm" aria-label="Estimated savings">
            <Text size="sm" fw={600}>
              Estimated savings together {bigQueryCentsUsd(details.totalSavingCents)} of this job&apos;s{' '}
              {bigQueryCentsUsd(details.job.cost)}
            </Text>
            <Text size="sm" c="dimmed">
              The fixes overlap, so together they save less than the sum of each. The statement ran{' '}
              {formatCount(details.signatureRuns)} {details.signatureRuns === 1 ? 'time' : 'times'} in the
              last 7 days.
            </Text>
          </Card>
          {details.insights.map((insight) => (
            <InsightCard
              key={insight.key}
              name={insight.name}
              category={insight.category}
              saving={bigQueryCentsUsd(insight.estimatedSavingCents)}
              description={insight.description}
              recommendation={insight.recommendation}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No')

const TABLE_COLUMNS: readonly DataColumn<BigQueryTableRef>[] = [
  { key: 'table', title: 'Table', width: 320, ellipsis: true },
  { key: 'partitioned', title: 'Partitioned', width: 110, value: (t) => yesNo(t.partitioned) },
  { key: 'clustered', title: 'Clustered', width: 100, value: (t) => yesNo(t.clustered) },
  { key: 'rows', title: 'Rows', width: 140, align: 'right', render: (t) => formatCount(t.rows) },
  {
    key: 'storageBytes',
    title: 'Storage',
    width: 120,
    align: 'right',
    render: (t) => formatBytes(t.storageBytes),
  },
]

function RefTable({ caption, tables }: { caption: string; tables: readonly BigQueryTableRef[] }) {
  return (
    <DataTable<BigQueryTableRef>
      caption={caption}
      columns={TABLE_COLUMNS}
      rows={tables}
      rowKey={(t) => t.table}
      search={tables.length > 10}
      emptyText={`No ${caption.toLowerCase()}`}
    />
  )
}

/** The tables read and written, and where an extract job wrote its files. */
function TablesPanel({ details }: { details: BigQueryJobDetails }) {
  const { job } = details
  return (
    <Stack gap="md">
      <RefTable caption="Tables read" tables={details.tablesRead} />
      <RefTable caption="Tables written" tables={details.tablesWritten} />
      <FieldGrid
        cols={3}
        fields={[
          { label: 'Destination dataset', value: job.dataset },
          { label: 'Destination URI', value: job.destinationUri },
          { label: 'Destination files', value: formatCount(job.destinationFileCount) },
        ]}
      />
    </Stack>
  )
}

const LABEL_COLUMNS: readonly DataColumn<BigQueryTag>[] = [
  { key: 'key', title: 'Label', width: 200 },
  { key: 'value', title: 'Value', width: 300 },
]

/** The job's labels (BigQuery's tags). */
function LabelsTable({ tags }: { tags: readonly BigQueryTag[] }) {
  return (
    <DataTable<BigQueryTag>
      caption="Labels"
      columns={LABEL_COLUMNS}
      rows={tags}
      rowKey={(t) => `${t.key}=${t.value}`}
      emptyText="This job carries no labels"
    />
  )
}
