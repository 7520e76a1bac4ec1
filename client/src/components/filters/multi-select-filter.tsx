import { useId, useState } from 'react'
import { Anchor, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core'
import {
  isOptionDisabled,
  MULTI_SELECT_MAX,
  MULTI_SELECT_MAX_HEIGHT,
  NO_MATCH_TEXT,
  selectionCap,
} from '@costlens/shared'

export interface FilterOption {
  value: string
  label?: string
  /** A count shown beside the option, e.g. how many rows have this status. */
  count?: number
}

export interface MultiSelectFilterProps {
  label: string
  options: readonly FilterOption[]
  value: readonly string[]
  onChange: (value: string[]) => void
  /** B116: the cap (default 10). */
  max?: number
  searchable?: boolean
}

/**
 * A labelled checkbox list with search and the 'Show all' and 'Only' links (03 §2). B116: at the
 * cap the unchosen options are disabled and 'max length' shows; chosen ones stay uncheckable.
 */
export function MultiSelectFilter({
  label,
  options,
  value,
  onChange,
  max = MULTI_SELECT_MAX,
  searchable = true,
}: MultiSelectFilterProps) {
  const [search, setSearch] = useState('')
  const legendId = useId()
  const text = search.trim().toLowerCase()
  const shown = options.filter((o) => (o.label ?? o.value).toLowerCase().includes(text))
  const cap = selectionCap(value.length, max)

  function toggle(option: string, checked: boolean) {
    onChange(checked ? [...value, option] : value.filter((v) => v !== option))
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={legendId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} id={legendId}>
          {label}
        </Text>
        {/* Show all ticks every option; past the cap only the first `max`, so the cap still holds. */}
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => onChange(options.slice(0, max).map((o) => o.value))}
        >
          Show all
        </Anchor>
      </Group>
      {searchable && (
        <TextInput
          size="xs"
          aria-label={`Search ${label}`}
          placeholder="Search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      )}
      <ScrollArea.Autosize mah={MULTI_SELECT_MAX_HEIGHT}>
        <Stack gap={4}>
          {shown.map((o) => {
            const name = o.label ?? o.value
            return (
              // Rows at least 24 px high: a 16 px box and its "Only" link keep a 24 px target each
              // (WCAG 2.5.8 target size, which axe and Lighthouse check) without a larger box.
              <Group key={o.value} justify="space-between" gap="xs" wrap="nowrap" mih={24}>
                <Checkbox
                  size="xs"
                  label={o.count === undefined ? name : `${name} (${o.count})`}
                  checked={value.includes(o.value)}
                  disabled={isOptionDisabled(o.value, value, max)}
                  onChange={(e) => toggle(o.value, e.currentTarget.checked)}
                />
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  aria-label={`Only ${name}`}
                  onClick={() => onChange([o.value])}
                >
                  Only
                </Anchor>
              </Group>
            )
          })}
          {shown.length === 0 && (
            <Text size="xs" c="dimmed">
              {NO_MATCH_TEXT}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
      {cap.message && (
        <Text size="xs" role="status">
          {cap.message}
        </Text>
      )}
    </Stack>
  )
}
