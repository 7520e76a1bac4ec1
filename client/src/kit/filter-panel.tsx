import { Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core'
import { nonNegativeRange, rangeFilterOrNone, type Range, type TagOption } from '@costlens/shared'
import { MultiSelectFilter, type FilterOption } from '../components/filters/multi-select-filter.tsx'
import { RangeSliderFilter } from '../components/filters/range-slider-filter.tsx'
import { TagSelector } from '../components/filters/tag-selector.tsx'
import { DebouncedTextInput } from './debounced-text-input.tsx'

/** A metadata facet's bounds as the answers give them (`{ min, max }`). */
export interface MinMax {
  min: number
  max: number
}

/** A range spec's bounds as the slider takes them: [min, max], whichever way the spec gave them. */
export const rangeBounds = (bounds: Range | MinMax | undefined): Range | undefined =>
  bounds && ('min' in bounds ? [bounds.min, bounds.max] : bounds)

/**
 * One filter of a list's panel, bound to a filter field of its state by name and, where its
 * options or bounds come from the server, to the list's metadata `M`. The kind a field may take
 * follows its value: text for a string, a flag for a boolean, a range slider for a [min, max],
 * checkboxes or a searchable multi-select for a list, the tag tree for a tag map.
 */
type SpecFor<K, T, M> = T extends string
  ? | {
        kind: 'text'
        field: K
        label: string
        placeholder?: string
        description?: string
        /** Sent once typing pauses (default), or on Enter and on leaving the box (one fetch per value). */
        commitOn?: 'pause' | 'enter'
      }
    | {
        /** One value of the metadata's options with their counts, or none ('' : every value). */
        kind: 'select'
        field: K
        label: string
        options: (metadata: M | undefined) => readonly FilterOption[]
        /** What the empty choice is called, e.g. 'All organizations'. */
        placeholder: string
      }
  : T extends boolean
    ? { kind: 'flag'; field: K; label: string; count?: (metadata: M | undefined) => number | undefined }
    : T extends Range | null
      ? {
          kind: 'range'
          field: K
          label: string
          /** The unit: USD, ms (hh:mm:ss), a whole count (the events slider) or bytes. */
          variant: 'cost' | 'duration' | 'count' | 'bytes'
          /**
           * The metadata's [min, max], or its `{ min, max }` facet as the answer gives it; a value
           * outside it is cleared (02 §4 EMR list, B204).
           */
          bounds: (metadata: M | undefined) => Range | MinMax | undefined
          /**
           * Keep a value outside new bounds (the slider shows it clamped) instead of clearing it: the
           * bounds are those of the filtered answer (the application lists', the Snowflake query list's).
           */
          keepOutside?: boolean
          /** B068, B236: a range over the whole (non-negative) bounds is no filter, and leaves the address. */
          wholeIsNoFilter?: boolean
        }
      : T extends readonly string[]
        ? {
            /** Inline checkboxes, one always left checked; or the searchable list with counts. */
            kind: 'checkboxes' | 'multi'
            field: K
            label: string
            options: (metadata: M | undefined) => readonly FilterOption[]
            /**
             * The multi-select's search box, for long lists (users, queues): always, never (default),
             * or past a number of options.
             */
            searchable?: boolean | number
            /**
             * B235: nothing chosen reads as all, so every option shows ticked while nothing narrows
             * the list, and ticking them all again is kept as no filter; no cap on the choice.
             */
            allWhenEmpty?: boolean
          }
        : T extends Readonly<Record<string, readonly string[]>>
          ? {
              kind: 'tags'
              field: K
              label: string
              tags: (metadata: M | undefined) => readonly TagOption[]
              /** The tags' own call failed: the filter says so with a retry, the list carries on. */
              failure?: (metadata: M | undefined) => { error: unknown; onRetry: () => void } | null
            }
          : never

export type FilterSpec<G, M> = {
  [K in keyof G & string]: SpecFor<K, G[K], M> & { hidden?: boolean }
}[keyof G & string]

export interface FilterPanelProps<G, M> {
  specs: readonly FilterSpec<G, M>[]
  value: G
  metadata: M | undefined
  onChange: (filters: Partial<G>) => void
  onReset: () => void
  /** Tags are a paid feature (C20). */
  freemium?: boolean
  /** A row above the table for two or three filters; a column beside it for more. */
  layout?: 'row' | 'side'
  /** The side column's width in px (272 unless the list needs its table wider). */
  width?: number
}

/** The list's filter panel: each spec's widget from components/filters, and Reset. */
export function FilterPanel<G, M>(props: FilterPanelProps<G, M>) {
  const { specs, value, metadata, onChange, onReset, freemium, layout = 'row', width = 272 } = props
  const values = value as Record<string, unknown>
  const set = (field: string, next: unknown) => onChange({ [field]: next } as Partial<G>)
  const widget = (spec: FilterSpec<G, M>) => {
    const current = values[spec.field]
    switch (spec.kind) {
      case 'text':
        if (spec.commitOn === 'enter')
          return (
            <EnterTextInput
              // A new value from outside (Reset) shows in a fresh box.
              key={current as string}
              label={spec.label}
              description={spec.description}
              placeholder={spec.placeholder}
              value={current as string}
              onCommit={(next) => set(spec.field, next)}
            />
          )
        return (
          <DebouncedTextInput
            label={spec.label}
            placeholder={spec.placeholder}
            value={current as string}
            onChange={(next) => set(spec.field, next)}
          />
        )
      case 'select': {
        const options = spec.options(metadata)
        const chosen = current as string
        // A value the options no longer hold (an old link) still shows, so the list says what it filters by.
        const data = [
          ...options.map((o) => ({
            value: o.value,
            label:
              o.count === undefined
                ? (o.label ?? o.value)
                : `${o.label ?? o.value} (${o.count.toLocaleString('en-US')})`,
          })),
          ...(chosen && !options.some((o) => o.value === chosen) ? [{ value: chosen, label: chosen }] : []),
        ]
        return (
          <Select
            label={spec.label}
            placeholder={spec.placeholder}
            data={data}
            value={chosen || null}
            onChange={(next) => set(spec.field, next ?? '')}
            clearable
            searchable={data.length > 8}
            comboboxProps={{ withinPortal: false }}
          />
        )
      }
      case 'flag': {
        const count = spec.count?.(metadata)
        return (
          <Checkbox
            label={count === undefined ? spec.label : `${spec.label} (${count.toLocaleString('en-US')})`}
            checked={current as boolean}
            onChange={(e) => set(spec.field, e.currentTarget.checked)}
          />
        )
      }
      case 'range': {
        const bounds = rangeBounds(spec.bounds(metadata))
        if (!bounds) return null
        return (
          <RangeSliderFilter
            variant={spec.variant}
            label={spec.label}
            metadata={bounds}
            value={current as Range | null}
            onChange={(next) =>
              set(spec.field, spec.wholeIsNoFilter ? rangeFilterOrNone(next, nonNegativeRange(bounds)) : next)
            }
          />
        )
      }
      case 'checkboxes': {
        const checked = current as string[]
        return (
          <Checkbox.Group label={spec.label} value={checked} onChange={(next) => set(spec.field, next)}>
            <Group gap="md" mt={6} mb={8}>
              {spec.options(metadata).map((option) => (
                <Checkbox
                  key={option.value}
                  value={option.value}
                  label={option.label ?? option.value}
                  // At least one stays checked: none would list nothing, never what was meant.
                  disabled={checked.length === 1 && checked[0] === option.value}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )
      }
      case 'multi': {
        const options = spec.options(metadata)
        const chosen = current as string[]
        const all = spec.allWhenEmpty && options.length > 0
        const searchable =
          typeof spec.searchable === 'number' ? options.length > spec.searchable : !!spec.searchable
        return (
          <MultiSelectFilter
            label={spec.label}
            options={options}
            value={all && chosen.length === 0 ? options.map((o) => o.value) : chosen}
            onChange={(next) =>
              set(spec.field, all && options.every((o) => next.includes(o.value)) ? [] : next)
            }
            max={spec.allWhenEmpty ? Number.POSITIVE_INFINITY : undefined}
            searchable={searchable}
          />
        )
      }
      case 'tags':
        return (
          <TagSelector
            label={spec.label}
            tags={spec.tags(metadata)}
            value={current as Record<string, string[]>}
            onChange={(next) => set(spec.field, next)}
            freemium={freemium}
            failure={spec.failure?.(metadata)}
          />
        )
    }
  }
  const shown = specs.filter((spec) => !spec.hidden)
  const reset = (size?: 'compact-xs') => (
    <Button size={size} variant={size ? 'subtle' : 'default'} onClick={onReset}>
      Reset
    </Button>
  )
  if (layout === 'side')
    // A column beside the table: its heading and Reset on top, where a long panel keeps them in view.
    return (
      <Paper withBorder p="sm" component="aside" aria-label="Filters" w={width} miw={width}>
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>Filters</Text>
            {reset('compact-xs')}
          </Group>
          {shown.map((spec) => (
            <Stack key={spec.field} gap={0}>
              {widget(spec)}
            </Stack>
          ))}
        </Stack>
      </Paper>
    )
  return (
    <Paper withBorder p="sm" component="section" aria-label="Filters">
      <Group gap="lg" align="flex-end" wrap="wrap">
        {shown.map((spec) => (
          <Stack key={spec.field} gap={0} miw={spec.kind === 'range' ? 220 : undefined}>
            {widget(spec)}
          </Stack>
        ))}
        {reset()}
      </Group>
    </Paper>
  )
}

/** A text filter applied on Enter or on leaving the box, not on every key. */
function EnterTextInput(props: {
  label: string
  description?: string
  placeholder?: string
  value: string
  onCommit: (value: string) => void
}) {
  const commit = (text: string) => {
    if (text.trim() !== props.value) props.onCommit(text.trim())
  }
  return (
    <TextInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      defaultValue={props.value}
      onBlur={(e) => commit(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value)}
    />
  )
}
