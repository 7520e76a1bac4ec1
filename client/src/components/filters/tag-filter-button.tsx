import { Button, Group, Popover, Text } from '@mantine/core'
import { IconTags } from '@tabler/icons-react'
import { UpgradePrompt } from '../upgrade-prompt/upgrade-prompt.tsx'
import { TagSelector, type TagSelectorProps } from './tag-selector.tsx'

export interface TagFilterButtonProps extends Omit<TagSelectorProps, 'label' | 'freemium'> {
  /** The plan allows tag filters; when not, the control says so and offers the upgrade (C20). */
  allowed: boolean
}

/**
 * A toolbar's tag filter: a "Tags (n)" button opening the tag tree in a popover, or, on a plan
 * without tags, the word Tags with the upgrade prompt. Shared by the chargeback pages of every platform.
 */
export function TagFilterButton({ allowed, value, ...selector }: TagFilterButtonProps) {
  if (!allowed) {
    return (
      <Group gap={4} align="center">
        <Text size="sm" c="dimmed">
          Tags
        </Text>
        <UpgradePrompt variant="icon" />
      </Group>
    )
  }
  const chosen = Object.values(value).reduce((n, values) => n + values.length, 0)
  return (
    <Popover position="bottom-start" trapFocus returnFocus shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconTags size={16} aria-hidden />}>
          Tags{chosen ? ` (${chosen})` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown w={300}>
        <TagSelector label="Filter by tags" value={value} {...selector} />
      </Popover.Dropdown>
    </Popover>
  )
}
