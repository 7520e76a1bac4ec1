import { Group, Select } from '@mantine/core'
import type { Tag } from '@costlens/shared'

/** A tag picked as a key and one of its values; '' while unpicked. */
export interface TagPick {
  key: string
  value: string
}

/**
 * A tag as two searchable selects, key then value (a budget's or a trend's scope): the values are
 * the chosen key's, and a new key clears the value. `error` shows under the key.
 */
export function TagValueSelect({
  tags,
  value,
  onChange,
  error,
  width,
}: {
  tags: readonly Tag[]
  value: TagPick
  onChange: (next: TagPick) => void
  error?: string
  /** Each select's width; by default they share the row. */
  width?: number
}) {
  const values = tags.find((t) => t.key === value.key)?.values ?? []
  return (
    <Group grow={width === undefined} align="flex-start" gap="sm">
      <Select
        label="Tag key"
        data={tags.map((t) => t.key)}
        value={value.key || null}
        onChange={(key) => onChange({ key: key ?? '', value: '' })}
        searchable
        error={error}
        w={width}
      />
      <Select
        label="Tag value"
        data={[...values]}
        value={value.value || null}
        onChange={(v) => onChange({ ...value, value: v ?? '' })}
        searchable
        disabled={!value.key}
        w={width}
      />
    </Group>
  )
}
