import { Button, Checkbox, Popover, Stack } from '@mantine/core'
import { IconColumns } from '@tabler/icons-react'
import type { VisibilityState } from '@tanstack/react-table'

interface ColumnChooserProps {
  caption: string
  columns: readonly { key: string; title: string }[]
  visibility: VisibilityState
  onChange: (visibility: VisibilityState) => void
}

/**
 * Shows or hides columns. Hiding every column is allowed: the table then says 'select a column'
 * (B109) rather than refusing the click, which would look like a broken checkbox.
 */
export function ColumnChooser({ caption, columns, visibility, onChange }: ColumnChooserProps) {
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
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label={`Columns of ${caption}`}>
          {columns.map((c) => (
            <Checkbox
              key={c.key}
              size="xs"
              label={c.title}
              checked={visibility[c.key] !== false}
              onChange={(e) => onChange({ ...visibility, [c.key]: e.currentTarget.checked })}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
