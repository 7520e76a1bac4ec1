import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core'
import {
  fillEmptyFilters,
  type Range,
  type SnowflakeListFilters,
  type SnowflakeQueryMetadata,
} from '@costlens/shared'
import { MultiSelectFilter, type FilterOption } from '../../components/filters/multi-select-filter.tsx'
import { RangeSliderFilter } from '../../components/filters/range-slider-filter.tsx'
import { insightTitle, statusLabel } from './query-format.tsx'
import { rangeFilter, type QueryListView } from './query-list-state.ts'

export type FilterEvent = { type: 'filters'; filters: Partial<SnowflakeListFilters> } | { type: 'showAll' }

/** B235: the filters that read "all" when empty, and show every option ticked once metadata is in. */
const FILLED = ['insights', 'accounts', 'clientConnectors'] as const
type FilledKey = (typeof FILLED)[number]

const NO_CAP = Number.POSITIVE_INFINITY

interface QueryFilterPanelProps {
  view: QueryListView
  metadata: SnowflakeQueryMetadata | undefined
  /** Warehouse names by uid: the metadata names warehouses by uid only. */
  warehouseNames?: Readonly<Record<string, string>>
  onChange: (event: FilterEvent) => void
}

/**
 * The query list's filters (03 §2): insights (inefficient tab), accounts, client connectors, user,
 * warehouse, status, signature, cost and duration, each offering the metadata's values with their
 * counts. Insights, accounts and client connectors show every value ticked while nothing narrows
 * them (B235); ticking them all again is stored as no filter, so the address stays short.
 */
export function QueryFilterPanel({ view, metadata, warehouseNames = {}, onChange }: QueryFilterPanelProps) {
  const options = {
    insights: (metadata?.insights ?? []).map((o) => ({
      value: o.name,
      label: insightTitle(o.name),
      count: o.count,
    })),
    accounts: (metadata?.accounts ?? []).map((o) => ({ value: o.accountId, count: o.count })),
    clientConnectors: (metadata?.clientConnectors ?? []).map((o) => ({
      value: o.clientConnector,
      count: o.count,
    })),
  } satisfies Record<FilledKey, FilterOption[]>
  const shown = fillEmptyFilters(
    {
      insights: view.filters.insights,
      accounts: view.filters.accounts,
      clientConnectors: view.filters.clientConnectors,
    },
    Object.fromEntries(FILLED.map((k) => [k, options[k].map((o) => o.value)])),
    FILLED,
  )
  const setFilled = (key: FilledKey, next: string[]) => {
    const all = options[key].length > 0 && options[key].every((o) => next.includes(o.value))
    onChange({ type: 'filters', filters: { [key]: all ? [] : next } })
  }
  const set = (filters: Partial<SnowflakeListFilters>) => onChange({ type: 'filters', filters })
  const filled = (key: FilledKey, label: string) => (
    <MultiSelectFilter
      label={label}
      options={options[key]}
      value={shown[key]}
      onChange={(next) => setFilled(key, next)}
      max={NO_CAP}
      searchable={options[key].length > 6}
    />
  )
  const range = (key: 'cost' | 'duration', label: string) => {
    const bounds = metadata?.[key]
    if (!bounds || bounds.max <= Math.max(0, bounds.min)) return null
    return (
      <RangeSliderFilter
        variant={key}
        label={label}
        metadata={[bounds.min, bounds.max]}
        value={view.filters[key]}
        onChange={(value: Range | null) => set({ [key]: rangeFilter(value, bounds) })}
      />
    )
  }

  return (
    <Paper withBorder p="sm" w={250} miw={250} component="aside" aria-label="Filters">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600} component="h2" size="md" m={0}>
            Filters
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => onChange({ type: 'showAll' })}>
            Reset
          </Button>
        </Group>
        {view.listType === 'inefficient' && filled('insights', 'Insights')}
        {filled('accounts', 'Accounts')}
        {filled('clientConnectors', 'Client Connectors')}
        <MultiSelectFilter
          label="User"
          options={(metadata?.users ?? []).map((o) => ({ value: o.userName, count: o.count }))}
          value={view.filters.userName}
          onChange={(userName) => set({ userName })}
        />
        <MultiSelectFilter
          label="Warehouse"
          options={(metadata?.warehouses ?? []).map((o) => ({
            value: o.warehouseUid,
            label: warehouseNames[o.warehouseUid] ?? o.warehouseUid,
            count: o.count,
          }))}
          value={view.filters.warehouseUid}
          onChange={(warehouseUid) => set({ warehouseUid })}
        />
        <MultiSelectFilter
          label="Status"
          options={(metadata?.statuses ?? []).map((o) => ({
            value: o.status,
            label: statusLabel(o.status),
            count: o.count,
          }))}
          value={view.filters.status}
          onChange={(status) => set({ status })}
          searchable={false}
        />
        <SignatureInput
          key={view.filters.signature}
          value={view.filters.signature}
          onCommit={(signature) => set({ signature })}
        />
        {range('cost', 'Cost (USD)')}
        {range('duration', 'Duration')}
      </Stack>
    </Paper>
  )
}

/** The signature filter: applied on Enter or on leaving the field, not on every key (one fetch per signature). */
function SignatureInput({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const commit = (text: string) => {
    if (text.trim() !== value) onCommit(text.trim())
  }
  return (
    <TextInput
      size="xs"
      label="Signature"
      description="Queries sharing a parameterized hash"
      placeholder="Press Enter to apply"
      defaultValue={value}
      onBlur={(e) => commit(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value)}
    />
  )
}
