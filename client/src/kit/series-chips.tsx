import type { ReactNode } from 'react'
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core'
import { IconX } from '@tabler/icons-react'

/** One series of a chart as a chip: its colour, its name, a figure, and what it carries (a badge). */
export interface SeriesChip {
  /** Its number (1-based), shown before its name. */
  index: number
  label: string
  color: string
  /** Beside the name, dimmed: the series' total over the range ('…' while it loads). */
  note?: string
  selected: boolean
  badge?: ReactNode
}

/**
 * The series of a chart the user chose (trend items), as a list of chips: each shows its colour,
 * is picked with a press (the selected one in bold, `aria-pressed`) and, while more than one is
 * left, removed with its ×. The chips are the legend the user edits.
 */
export function SeriesChips({
  label,
  itemName,
  chips,
  onSelect,
  onRemove,
}: {
  /** The list's name ('Trends'). */
  label: string
  /** What a chip is, for its remove button ('the trend' → 'Remove the trend Tag team = data'). */
  itemName: string
  chips: readonly SeriesChip[]
  onSelect: (index: number) => void
  onRemove: (index: number) => void
}) {
  return (
    <Group gap="xs" wrap="wrap" role="list" aria-label={label}>
      {chips.map((chip) => (
        <Group
          key={chip.index}
          role="listitem"
          gap={4}
          wrap="nowrap"
          px="xs"
          py={4}
          style={{
            border: `2px solid ${chip.selected ? chip.color : 'var(--mantine-color-default-border)'}`,
            borderRadius: 8,
          }}
        >
          <UnstyledButton
            onClick={() => onSelect(chip.index)}
            aria-pressed={chip.selected}
            aria-label={`Show ${chip.label}`}
          >
            <Group gap={6} wrap="nowrap">
              <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: chip.color }} />
              <Text size="sm" fw={chip.selected ? 700 : 400}>
                {chip.index}. {chip.label}
              </Text>
              {chip.note && (
                <Text size="sm" c="dimmed">
                  {chip.note}
                </Text>
              )}
            </Group>
          </UnstyledButton>
          {chip.badge}
          {chips.length > 1 && (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`Remove ${itemName} ${chip.label}`}
              onClick={() => onRemove(chip.index)}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Group>
  )
}
