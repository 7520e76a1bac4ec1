import {
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import {
  AGGREGATION_LABELS,
  CONDITION_LABELS,
  MAX_LOOKBACK_HOURS,
  MAX_MONITOR_CHANNELS,
  MAX_MONITOR_NAME_LENGTH,
  MAX_MONITOR_THRESHOLD,
  MIN_LOOKBACK_HOURS,
  MONITOR_AGGREGATIONS,
  MONITOR_CONDITIONS,
  MONITOR_MESSAGES,
  MONITOR_SCHEDULES,
  MONITOR_SEVERITIES,
  SEVERITY_LABELS,
  formatMessage,
  formatMetricValue,
  type Monitor,
  type MonitorAggregation,
  type MonitorCondition,
  type MonitorInput,
  type MonitorOptions,
} from '@costlens/shared'
import { ChartPanel } from '../../kit/chart-panel.tsx'
import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'
import type { AlertingCalls } from './api.ts'

/** The form's fields as typed: the threshold may be empty while being written. */
export interface MonitorDraft {
  name: string
  metric: string
  warehouse: string | null
  aggregation: MonitorAggregation
  lookbackHours: number
  condition: MonitorCondition
  threshold: number | ''
  scheduleMinutes: MonitorInput['scheduleMinutes']
  severity: MonitorInput['severity']
  channelIds: number[]
  enabled: boolean
}

export type MonitorDraftErrors = Partial<Record<'name' | 'metric' | 'threshold' | 'lookbackHours', string>>

/** A new monitor: the platform's first metric, summed over the last hour, every 15 minutes. */
export function newMonitorDraft(options: MonitorOptions | undefined): MonitorDraft {
  return {
    name: '',
    metric: options?.metrics[0]?.id ?? '',
    warehouse: null,
    aggregation: 'sum',
    lookbackHours: 1,
    condition: 'above',
    threshold: '',
    scheduleMinutes: 15,
    severity: 3,
    channelIds: [],
    enabled: true,
  }
}

export function draftOf(monitor: Monitor): MonitorDraft {
  return {
    name: monitor.name,
    metric: monitor.metric,
    warehouse: monitor.warehouse,
    aggregation: monitor.aggregation,
    lookbackHours: monitor.lookbackHours,
    condition: monitor.condition,
    threshold: monitor.threshold,
    scheduleMinutes: monitor.scheduleMinutes,
    severity: monitor.severity,
    channelIds: monitor.channels.map((c) => c.id),
    enabled: monitor.enabled,
  }
}

/** The form's errors by field (empty when it may be sent): the contract's bounds, said in words. */
export function monitorDraftErrors(
  draft: MonitorDraft,
  options: MonitorOptions | undefined,
): MonitorDraftErrors {
  const errors: MonitorDraftErrors = {}
  if (!draft.name.trim()) errors.name = formatMessage('M072', { item_name: 'Monitor name' })
  if (!draft.metric) errors.metric = formatMessage('M072', { item_name: 'Metric' })
  else if (options && !options.metrics.some((m) => m.id === draft.metric))
    errors.metric = MONITOR_MESSAGES.unknownMetric(draft.metric)
  if (draft.threshold === '') errors.threshold = formatMessage('M072', { item_name: 'Threshold' })
  else if (draft.threshold < 0 || draft.threshold > MAX_MONITOR_THRESHOLD)
    errors.threshold = `The threshold is between 0 and ${MAX_MONITOR_THRESHOLD.toExponential()}.`
  if (
    !Number.isInteger(draft.lookbackHours) ||
    draft.lookbackHours < MIN_LOOKBACK_HOURS ||
    draft.lookbackHours > MAX_LOOKBACK_HOURS
  )
    errors.lookbackHours = `Look back ${MIN_LOOKBACK_HOURS} to ${MAX_LOOKBACK_HOURS} whole hours.`
  return errors
}

/** The body of a checked draft. */
export function monitorInputOf(draft: MonitorDraft): MonitorInput {
  return { ...draft, name: draft.name.trim(), threshold: Number(draft.threshold) }
}

/** Which field a refusal of the server is about, when it is one the form shows beside a field. */
function fieldOfRefusal(message: string): keyof MonitorDraftErrors | undefined {
  if (message === MONITOR_MESSAGES.nameTaken) return 'name'
  if (/^The metric /.test(message)) return 'metric'
  return undefined
}

export interface MonitorFormProps {
  calls: AlertingCalls
  options: MonitorOptions | undefined
  stored?: Monitor
  submitLabel: string
  onSubmit: (input: MonitorInput) => Promise<string | undefined>
  onCancel: () => void
}

/**
 * The monitor form (issue 23 /os_alerting), as OpenSearch Alerting's per-query monitor reads: what
 * to watch (a metric of the platform, optionally one warehouse), how (an aggregation over the last
 * hours), when it fires (above or below a threshold in the metric's unit, shown beside the field,
 * with the metric's last day drawn to pick it from), how often it runs, its severity and whom it
 * tells. Checked here with the contract's bounds; a refusal of the server shows under its field.
 */
export function MonitorForm({ calls, options, stored, submitLabel, onSubmit, onCancel }: MonitorFormProps) {
  const { draft, set, setDraft, errors, refusal, sending, submit } = useRecordForm({
    initial: () => (stored ? draftOf(stored) : newMonitorDraft(options)),
    check: (d: MonitorDraft): MonitorDraftErrors => monitorDraftErrors(d, options),
    send: (d) => onSubmit(monitorInputOf(d)),
    fieldOfRefusal,
  })
  const metric = options?.metrics.find((m) => m.id === draft.metric)
  const channels = calls.useChannels({ pageSize: 100, sort: 'name-asc' })
  const preview = calls.usePreview(
    { metric: draft.metric, ...(draft.warehouse && { warehouse: draft.warehouse }) },
    { skip: !metric },
  )

  const unit = metric?.unit ?? ''
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Monitor name"
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={MAX_MONITOR_NAME_LENGTH}
          required
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label="Metric"
            data={(options?.metrics ?? []).map((m) => ({ value: m.id, label: m.label }))}
            value={draft.metric || null}
            onChange={(value) => setDraft((d) => ({ ...d, metric: value ?? '', warehouse: null }))}
            error={errors.metric}
            description={metric?.description}
            allowDeselect={false}
            required
          />
          {metric?.scope === 'warehouse' ? (
            <Select
              label="Warehouse"
              placeholder="Account-wide"
              data={options?.warehouses ?? []}
              value={draft.warehouse}
              onChange={(value) => set('warehouse', value)}
              clearable
              searchable
              description="Left empty, every warehouse of the account"
            />
          ) : (
            <div />
          )}
          <Select
            label="Aggregation"
            data={MONITOR_AGGREGATIONS.map((a) => ({ value: a, label: AGGREGATION_LABELS[a] }))}
            value={draft.aggregation}
            onChange={(value) => value && set('aggregation', value as MonitorAggregation)}
            allowDeselect={false}
          />
          <NumberInput
            label="Over the last (hours)"
            value={draft.lookbackHours}
            onChange={(value) => set('lookbackHours', Number(value))}
            min={MIN_LOOKBACK_HOURS}
            max={MAX_LOOKBACK_HOURS}
            allowDecimal={false}
            error={errors.lookbackHours}
          />
          <Select
            label="Condition"
            data={MONITOR_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] }))}
            value={draft.condition}
            onChange={(value) => value && set('condition', value as MonitorCondition)}
            allowDeselect={false}
          />
          <NumberInput
            label={unit ? `Threshold (${unit})` : 'Threshold'}
            value={draft.threshold}
            onChange={(value) => set('threshold', value === '' ? '' : Number(value))}
            min={0}
            max={MAX_MONITOR_THRESHOLD}
            decimalScale={metric?.decimals ?? 4}
            rightSection={
              <Text size="xs" c="dimmed" pr={6}>
                {unit}
              </Text>
            }
            rightSectionWidth={unit.length * 7 + 16}
            error={errors.threshold}
            required
          />
          <Select
            label="Runs every"
            data={MONITOR_SCHEDULES.map((m) => ({
              value: String(m),
              label: m === 60 ? '1 hour' : `${m} minutes`,
            }))}
            value={String(draft.scheduleMinutes)}
            onChange={(value) =>
              value && set('scheduleMinutes', Number(value) as MonitorDraft['scheduleMinutes'])
            }
            allowDeselect={false}
          />
          <Select
            label="Severity"
            data={MONITOR_SEVERITIES.map((s) => ({ value: String(s), label: SEVERITY_LABELS[s] }))}
            value={String(draft.severity)}
            onChange={(value) => value && set('severity', Number(value) as MonitorDraft['severity'])}
            allowDeselect={false}
          />
        </SimpleGrid>
        {metric && (
          <ChartPanel
            spec={{
              kind: 'line',
              title: `${metric.label}${draft.warehouse ? ` on ${draft.warehouse}` : ''}: last 24 hours`,
              description: `Each hour's ${metric.label.toLowerCase()}, to set the threshold against.`,
              height: 170,
              exportAllowed: false,
              valueFormat: (v) => formatMetricValue(metric, v),
              emptyText: preview.isFetching ? 'Loading…' : 'No Data Available',
              series: [
                {
                  name: metric.label,
                  data: (preview.data?.points ?? []).map((p) => [p.start, p.value] as const),
                },
              ],
            }}
          />
        )}
        <MultiSelect
          label="Notify"
          placeholder={draft.channelIds.length ? undefined : 'No channel: alerts show here only'}
          data={(channels.data?.channels ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={draft.channelIds.map(String)}
          onChange={(values) => set('channelIds', values.map(Number))}
          maxValues={MAX_MONITOR_CHANNELS}
          searchable
          nothingFoundMessage="No channel of that name"
        />
        <Group justify="space-between">
          <Switch
            label="Enabled"
            checked={draft.enabled}
            onChange={(e) => set('enabled', e.currentTarget.checked)}
          />
          {options?.note && (
            <Text size="sm" c="dimmed">
              {options.note}
            </Text>
          )}
        </Group>
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}
