import {
  MESSAGES,
  formatBytes,
  formatCount,
  formatDurationMs,
  type BigQueryJobDetails,
  type BigQueryJobRow,
  bigQueryCentsUsd,
  bigQueryJobStatusLabel,
  bigQueryJobTypeLabel,
} from '@costlens/shared'
import type { CompareField } from '../../kit/compare-fields.ts'
import { insightTitle, isoTime, labelsText, pricingLabel, slotTime, stageMs } from './job-format.tsx'

/*
 * The fields the job details and compare pages show, as configuration: each a label and how to
 * read and show it from the details answer (E167). Compare walks the same lists, so both pages name
 * and format a field alike; numbers compare raw, not as rounded text.
 */
export type JobField = CompareField<BigQueryJobDetails>

const dash = (value: string | null) => value?.trim() || MESSAGES.M104
const job =
  (read: (j: BigQueryJobRow) => string): JobField['text'] =>
  (d) =>
    read(d.job)

/** 03 §3 BigQuery job: who ran what, where and when. */
export const JOB_FIELDS: readonly JobField[] = [
  { key: 'id', label: 'Job ID', text: job((j) => j.id) },
  { key: 'status', label: 'Status', text: job((j) => bigQueryJobStatusLabel(j.status)) },
  { key: 'type', label: 'Job type', text: job((j) => bigQueryJobTypeLabel(j.type)) },
  { key: 'statementType', label: 'Statement type', text: job((j) => dash(j.statementType)) },
  { key: 'projectId', label: 'Project', text: job((j) => j.projectId) },
  { key: 'userName', label: 'User', text: job((j) => j.userName) },
  { key: 'location', label: 'Location', text: job((j) => j.location) },
  { key: 'priority', label: 'Priority', text: job((j) => j.priority) },
  { key: 'createTime', label: 'Created', text: job((j) => isoTime(j.createTime)) },
  { key: 'startTime', label: 'Started', text: job((j) => isoTime(j.startTime)) },
  { key: 'endTime', label: 'Ended', text: job((j) => isoTime(j.endTime)) },
  {
    key: 'duration',
    label: 'Duration',
    text: job((j) => formatDurationMs(j.duration)),
    compare: (d) => d.job.duration,
  },
  { key: 'cacheHit', label: 'Cache hit', text: job((j) => (j.cacheHit ? 'Yes' : 'No')) },
  { key: 'signature', label: 'Signature', text: job((j) => dash(j.signature)) },
  {
    key: 'signatureRuns',
    label: 'Runs of the signature (7 days)',
    text: (d) => formatCount(d.signatureRuns),
    compare: (d) => d.signatureRuns,
  },
  { key: 'labels', label: 'Labels', text: job((j) => dash(labelsText(j.tags))) },
  { key: 'errorMessage', label: 'Error', text: job((j) => dash(j.errorMessage)) },
]

const bytesField = (key: string, label: string, read: (j: BigQueryJobRow) => number): JobField => ({
  key,
  label,
  text: (d) => formatBytes(read(d.job)),
  compare: (d) => read(d.job),
})

const countField = (key: string, label: string, read: (j: BigQueryJobRow) => number): JobField => ({
  key,
  label,
  text: (d) => formatCount(read(d.job)),
  compare: (d) => read(d.job),
})

/** Bytes, slots and rows: what the job read, billed and moved. */
export const VOLUME_FIELDS: readonly JobField[] = [
  bytesField('billedBytes', 'Bytes billed', (j) => j.billedBytes),
  bytesField('bytesProcessed', 'Bytes processed', (j) => j.bytesProcessed),
  bytesField('bytesScanned', 'Bytes scanned', (j) => j.bytesScanned),
  { key: 'slotMs', label: 'Slot time', text: (d) => slotTime(d.job.slotMs), compare: (d) => d.job.slotMs },
  bytesField('shuffled', 'Bytes shuffled', (j) => j.bytes.shuffled),
  bytesField('spilled', 'Bytes spilled to disk', (j) => j.bytes.spilledToDisk),
  countField('recordsRead', 'Records read', (j) => j.records.read),
  countField('recordsWritten', 'Records written', (j) => j.records.written),
  countField('rowsAffected', 'Rows affected', (j) => j.rowsAffected),
]

/** Cost and how it was billed (03 §9: cents shown in USD). */
export const COST_FIELDS: readonly JobField[] = [
  { key: 'cost', label: 'Cost (USD)', text: (d) => bigQueryCentsUsd(d.job.cost), compare: (d) => d.job.cost },
  { key: 'pricingPlan', label: 'Pricing', text: job((j) => pricingLabel(j.pricingPlan)) },
  { key: 'reservation', label: 'Reservation', text: job((j) => dash(j.reservation)) },
  { key: 'costBasis', label: 'Cost basis', text: (d) => d.costBasis.text },
  {
    key: 'saving',
    label: 'Estimated saving (USD)',
    text: (d) => bigQueryCentsUsd(d.totalSavingCents),
    compare: (d) => d.totalSavingCents,
  },
]

/** The four stages of 03 §3, each with its average and maximum over the job's stages, in ms. */
export const STAGES = [
  { key: 'waitTime', label: 'Wait' },
  { key: 'readTime', label: 'Read' },
  { key: 'computeTime', label: 'Compute' },
  { key: 'writeTime', label: 'Write' },
] as const satisfies readonly { key: keyof BigQueryJobRow; label: string }[]

/** The stage times as compare rows: average and maximum of each stage. */
export const STAGE_FIELDS: readonly JobField[] = STAGES.flatMap((s) =>
  (['avg', 'max'] as const).map((m) => ({
    key: `${s.key}.${m}`,
    label: `${s.label} time (${m === 'avg' ? 'average' : 'maximum'})`,
    text: (d: BigQueryJobDetails) => stageMs(d.job[s.key][m]),
    compare: (d: BigQueryJobDetails) => d.job[s.key][m],
  })),
)

/** The insights of a job as one comparable line (the compare page's insights row). */
export const INSIGHT_SUMMARY: JobField = {
  key: 'insights',
  label: 'Insights',
  text: (d) => (d.insights.length ? d.insights.map((i) => i.name || insightTitle(i.key)).join(', ') : 'None'),
}

/** The tables a job read and wrote, as comparable lines. */
export const TABLE_FIELDS: readonly JobField[] = [
  { key: 'tablesRead', label: 'Tables read', text: (d) => dash(d.tablesRead.map((t) => t.table).join(', ')) },
  {
    key: 'tablesWritten',
    label: 'Tables written',
    text: (d) => dash(d.tablesWritten.map((t) => t.table).join(', ')),
  },
  { key: 'destinationUri', label: 'Destination URI', text: job((j) => dash(j.destinationUri)) },
]
