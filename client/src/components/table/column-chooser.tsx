import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core'
import { IconColumns } from '@tabler/icons-react'
import type { VisibilityState } from '@tanstack/react-table'

interface ColumnChooserProps {
  caption: string
  columns: readonly { key: string; title: string }[]
  /** Which columns show now: the user's choices, then the defaults that fit the width. */
  visibility: VisibilityState
  /** The user shows or hides one column; the table remembers it. */
  onChange: (key: string, shown: boolean) => void
  /** Forgets the user's choices (absent while there are none). */
  onReset?: () => void
}

/**
 * Shows or hides columns, every column listed. Hiding every column is allowed: the table then
 * says 'select a column' (B109) rather than refusing the click, which would look like a broken
 * checkbox. A column left out for want of room is unticked; ticking it shows it, and the table
 * then scrolls sideways.
 */
export function ColumnChooser({ caption, columns, visibility, onChange, onReset }: ColumnChooserProps) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconColumns size={14} aria-hidden />}
          aria-label={`Choose the columns of ${caption}`}
        >
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Stack gap={6} role="group" aria-label={`Columns of ${caption}`}>
          {columns.map((c) => (
            <Checkbox
              key={c.key}
              size="xs"
              label={c.title}
              checked={visibility[c.key] !== false}
              onChange={(e) => onChange(c.key, e.currentTarget.checked)}
            />
          ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="sm">
          Columns that do not fit the width start hidden; a column you tick shows, with a sideways scroll if
          needed. Your choice is kept for this table.
        </Text>
        <Button
          size="xs"
          variant="subtle"
          mt="xs"
          px={0}
          disabled={!onReset}
          onClick={onReset}
          aria-label={`Reset the columns of ${caption}`}
        >
          Reset columns
        </Button>
      </Popover.Dropdown>
    </Popover>
  )
}
