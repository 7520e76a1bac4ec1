import { Select, Stack, Text } from '@mantine/core'
import { MULTI_SELECT_MAX } from '@costlens/shared'
import { MultiSelectFilter, type FilterOption } from '../../components/filters/multi-select-filter.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import type { PanelView } from '../../components/panel-state/panel-status.ts'

export interface GroupValuesPickerProps<G extends string> {
  /** The group-bys offered, in order, with their labels. */
  groupBys: readonly G[]
  labels: Readonly<Record<G, string>>
  groupBy: G
  onGroupBy: (groupBy: G) => void
  /** The group's values in the window (most used first) and the chosen ones (B164, B216: the first 4). */
  options: readonly FilterOption[]
  values: readonly string[]
  onValues: (values: string[]) => void
  /** The values' calls: failed, the list says so with a retry; loading with none yet, it says so. */
  optionsState?: PanelView
  optionsLoading: boolean
}

/**
 * A chosen value that had nothing in this window (it came in a link) is still listed, to untick.
 * Exported for the charts' own use of the same list.
 */
export function withChosen(options: readonly FilterOption[], values: readonly string[]): FilterOption[] {
  const known = new Set(options.map((o) => o.value))
  return [...options, ...values.filter((v) => !known.has(v)).map((value) => ({ value, count: 0 }))]
}

/**
 * The left column of a usage-by-group panel (the Yarn and the Impala resources): the group-by and
 * the values charted, at most 10 (B116).
 */
export function GroupValuesPicker<G extends string>(props: GroupValuesPickerProps<G>) {
  const label = props.labels[props.groupBy]
  return (
    <Stack gap="sm" w={240} style={{ flexShrink: 0 }}>
      <Select
        label="Group by"
        data={props.groupBys.map((g) => ({ value: g, label: props.labels[g] }))}
        value={props.groupBy}
        allowDeselect={false}
        onChange={(g) => g && props.onGroupBy(g as G)}
      />
      {props.optionsState?.status === 'failed' ? (
        <PanelState what={`${label} values`} compact {...props.optionsState} />
      ) : props.optionsLoading && props.options.length === 0 ? (
        <Text size="sm" c="dimmed">
          Loading {label.toLowerCase()} values…
        </Text>
      ) : (
        <MultiSelectFilter
          label={`${label} values`}
          options={props.options}
          value={props.values}
          max={MULTI_SELECT_MAX}
          onChange={props.onValues}
        />
      )}
    </Stack>
  )
}
