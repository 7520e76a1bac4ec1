import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import {
  ANOMALY_SENSITIVITIES,
  DETECTOR_MESSAGES,
  MAX_DETECTOR_DESCRIPTION_LENGTH,
  MAX_DETECTOR_NAME_LENGTH,
  SENSITIVITY_LABELS,
  formatMessage,
  type AnomalySensitivity,
  type CategoryField,
  type Detector,
  type DetectorInput,
  type DetectorOptions,
} from '@costlens/shared'
import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'

export type DetectorDraft = DetectorInput
export type DetectorDraftErrors = Partial<Record<'name' | 'metric' | 'categoryField', string>>

/** A new detector: the platform's first metric, split by its first field, medium sensitivity. */
export function newDetectorDraft(options: DetectorOptions | undefined): DetectorDraft {
  return {
    name: '',
    description: '',
    metric: options?.metrics[0]?.id ?? '',
    categoryField: options?.categoryFields[0]?.id ?? null,
    sensitivity: 'medium',
  }
}

export function draftOf(detector: Detector): DetectorDraft {
  const { name, description, metric, categoryField, sensitivity } = detector
  return { name, description, metric, categoryField, sensitivity }
}

/** The form's errors by field (empty when it may be sent): the server's rules, said before sending. */
export function detectorDraftErrors(
  draft: DetectorDraft,
  options: DetectorOptions | undefined,
): DetectorDraftErrors {
  const errors: DetectorDraftErrors = {}
  if (!draft.name.trim()) errors.name = formatMessage('M072', { item_name: 'Detector name' })
  if (!draft.metric) errors.metric = formatMessage('M072', { item_name: 'Metric' })
  else if (options && !options.metrics.some((m) => m.id === draft.metric))
    errors.metric = DETECTOR_MESSAGES.unknownMetric(draft.metric)
  return errors
}

/** Which field a refusal of the server is about, when the form shows it beside one. */
function fieldOfRefusal(message: string): keyof DetectorDraftErrors | undefined {
  if (message === DETECTOR_MESSAGES.nameTaken) return 'name'
  if (/^The metric .* is not one/.test(message)) return 'metric'
  if (/^The category field /.test(message)) return 'categoryField'
  return undefined
}

const ACCOUNT_WIDE = ''

export interface DetectorFormProps {
  options: DetectorOptions | undefined
  stored?: Detector
  submitLabel: string
  onSubmit: (input: DetectorInput) => Promise<string | undefined>
  onCancel: () => void
}

/**
 * The detector form (issue 23 /osd_anomalies), as OpenSearch's "Create detector" reads: a name and
 * description, one feature (a metric of the platform, summed per hour: the detector's interval), an
 * optional category field that splits it into one series per entity, and how sensitive it is.
 */
export function DetectorForm({ options, stored, submitLabel, onSubmit, onCancel }: DetectorFormProps) {
  const { draft, set, errors, refusal, sending, submit } = useRecordForm({
    initial: () => (stored ? draftOf(stored) : newDetectorDraft(options)),
    check: (d: DetectorDraft): DetectorDraftErrors => detectorDraftErrors(d, options),
    send: (d) => onSubmit({ ...d, name: d.name.trim(), description: d.description.trim() }),
    fieldOfRefusal,
  })
  const metric = options?.metrics.find((m) => m.id === draft.metric)

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Detector name"
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={MAX_DETECTOR_NAME_LENGTH}
          required
          data-autofocus
        />
        <Textarea
          label="Description"
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          maxLength={MAX_DETECTOR_DESCRIPTION_LENGTH}
          rows={2}
        />
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label="Feature (metric, summed per hour)"
            data={(options?.metrics ?? []).map((m) => ({ value: m.id, label: m.label }))}
            value={draft.metric || null}
            onChange={(value) => set('metric', value ?? '')}
            error={errors.metric}
            description={metric?.description}
            allowDeselect={false}
            required
          />
          <Select
            label="Category field"
            data={[
              { value: ACCOUNT_WIDE, label: 'None (account-wide)' },
              ...(options?.categoryFields ?? []).map((f) => ({
                value: f.id,
                label: f.label,
              })),
            ]}
            value={draft.categoryField ?? ACCOUNT_WIDE}
            onChange={(value) => set('categoryField', value ? (value as CategoryField) : null)}
            error={errors.categoryField}
            description={`One series per entity: the top ${options?.maxEntities ?? 10} by the metric over the range`}
            allowDeselect={false}
          />
          <Select
            label="Sensitivity"
            data={ANOMALY_SENSITIVITIES.map((s) => ({ value: s, label: SENSITIVITY_LABELS[s] }))}
            value={draft.sensitivity}
            onChange={(value) => value && set('sensitivity', value as AnomalySensitivity)}
            description="How far from the expected value, in spreads, an hour must be"
            allowDeselect={false}
          />
          <TextInput label="Detector interval" value="1 hour" readOnly description="The series are hourly" />
        </SimpleGrid>
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}
