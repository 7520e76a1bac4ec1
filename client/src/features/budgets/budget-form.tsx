import { Group, MultiSelect, NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core'
import {
  budgetDraftErrors,
  DEFAULT_BUDGET_THRESHOLD_PERCENT,
  MESSAGES,
  type Budget,
  type BudgetDraft,
  type BudgetDraftErrors,
  type BudgetInput,
  type Tag,
} from '@costlens/shared'
import { EmrClusterMultiSelect } from '../../kit/emr-cluster-picker.tsx'
import { FormFooter } from '../../kit/record-actions.tsx'
import { useRecordForm } from '../../kit/use-record-form.ts'
import { TagValueSelect } from '../../kit/tag-value-select.tsx'
import type { BudgetPlatformView } from './budget-platform.ts'

export const EMPTY_BUDGET: BudgetDraft = {
  name: '',
  amount: '',
  scopeType: 'all',
  clusterIds: [],
  workspaces: [],
  tagKey: '',
  tagValue: '',
  thresholdPercent: DEFAULT_BUDGET_THRESHOLD_PERCENT,
}

/** The form's fields for a stored budget (editing it). */
export function draftOf(budget: Budget): BudgetDraft {
  return {
    name: budget.name,
    amount: budget.amount,
    scopeType: budget.scopeType,
    clusterIds: budget.clusterIds,
    workspaces: budget.workspaces,
    tagKey: budget.tagKey ?? '',
    tagValue: budget.tagValue ?? '',
    thresholdPercent: budget.thresholdPercent,
  }
}

/** What is sent for a checked draft: only the fields of its scope. */
export function inputOf(draft: BudgetDraft): BudgetInput {
  return {
    name: draft.name.trim(),
    amount: Number(draft.amount),
    period: 'monthly',
    scopeType: draft.scopeType,
    ...(draft.scopeType === 'clusters' && { clusterIds: [...draft.clusterIds] }),
    ...(draft.scopeType === 'workspaces' && { workspaces: [...draft.workspaces] }),
    ...(draft.scopeType === 'tag' && { tagKey: draft.tagKey, tagValue: draft.tagValue }),
    thresholdPercent: Number(draft.thresholdPercent),
  }
}

export interface BudgetFormProps {
  /** Whose budget: the scope offers EMR clusters or Databricks workspaces. */
  view: BudgetPlatformView
  initial?: BudgetDraft
  /** The other budgets' names: a name must not repeat one (B257). */
  otherNames: readonly string[]
  /** The tags a budget over a tag picks from: the EMR clusters' AWS tags, or the Databricks usage's. */
  tags: readonly Tag[]
  /** The Databricks workspaces a budget can cover (unused on EMR, whose clusters are searched). */
  workspaces?: readonly string[]
  /** The free plan has no tags: the tag scope is offered disabled. */
  tagsLocked?: boolean
  submitLabel: string
  /** Sends the budget; answers the server's refusal, if any. */
  onSubmit: (input: BudgetInput) => Promise<string | undefined>
  onCancel: () => void
}

/**
 * The budget form (03 §2 Budgets): name, amount a month in USD, the monthly period (the only one,
 * B256), what it covers (everything of the platform, chosen EMR clusters or Databricks workspaces, or a
 * tag) and the alert threshold.
 * Checked here with the spec's messages before sending; the server's refusal shows beside the field
 * it is about.
 */
export function BudgetForm({
  view,
  initial = EMPTY_BUDGET,
  otherNames,
  tags,
  workspaces = [],
  tagsLocked = false,
  submitLabel,
  onSubmit,
  onCancel,
}: BudgetFormProps) {
  const { draft, set, setDraft, errors, refusal, sending, submit } = useRecordForm({
    initial,
    check: (d: BudgetDraft): BudgetDraftErrors => budgetDraftErrors(d, otherNames),
    send: (d) => onSubmit(inputOf(d)),
    fieldOfRefusal: (problem) =>
      problem === MESSAGES.M076 ? 'name' : problem === MESSAGES.M077 ? 'amount' : undefined,
  })

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Budget name"
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={100}
          required
          data-autofocus
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Amount a month (USD)"
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            max={1_000_000_000}
            value={draft.amount}
            onChange={(v) => set('amount', v === '' ? '' : Number(v))}
            error={errors.amount}
            required
          />
          <Select
            label="Period"
            description="Budgets are monthly"
            data={[{ value: 'monthly', label: 'Monthly' }]}
            value="monthly"
            allowDeselect={false}
            readOnly
          />
        </Group>
        <Radio.Group
          label="Covers"
          value={draft.scopeType}
          onChange={(v) => set('scopeType', v as BudgetDraft['scopeType'])}
        >
          <Group gap="md" mt={4}>
            <Radio value="all" label={view.scopeLabels.all} />
            <Radio value={view.platform === 'DB' ? 'workspaces' : 'clusters'} label={view.scopeLabels.some} />
            <Radio
              value="tag"
              label={view.scopeLabels.tag}
              disabled={tagsLocked}
              description={tagsLocked ? 'Tags are not included in the free plan' : undefined}
            />
          </Group>
        </Radio.Group>
        {draft.scopeType === 'workspaces' && (
          <MultiSelect
            label="Workspaces"
            placeholder="Choose workspaces"
            data={[...workspaces]}
            value={[...draft.workspaces]}
            onChange={(names) => set('workspaces', names)}
            searchable
            maxValues={100}
            error={errors.workspaces}
            nothingFoundMessage="No workspace by that name"
          />
        )}
        {draft.scopeType === 'clusters' && (
          <EmrClusterMultiSelect
            value={draft.clusterIds}
            onChange={(ids) => set('clusterIds', ids)}
            error={errors.clusterIds}
          />
        )}
        {draft.scopeType === 'tag' && (
          <TagValueSelect
            tags={tags}
            value={{ key: draft.tagKey, value: draft.tagValue }}
            onChange={(tag) => setDraft((d) => ({ ...d, tagKey: tag.key, tagValue: tag.value }))}
            error={errors.tag}
          />
        )}
        <NumberInput
          label="Alert threshold (%)"
          description="At Risk when the forecast to the month end passes this share of the amount"
          suffix="%"
          min={1}
          max={100}
          allowDecimal={false}
          value={draft.thresholdPercent}
          onChange={(v) => set('thresholdPercent', v === '' ? '' : Number(v))}
          error={errors.thresholdPercent}
          w={260}
        />
        <FormFooter refusal={refusal} sending={sending} submitLabel={submitLabel} onCancel={onCancel} />
      </Stack>
    </form>
  )
}
