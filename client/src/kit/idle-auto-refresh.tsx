import { useState } from 'react'
import { Group, Switch, Text } from '@mantine/core'
import { useIdleAutoRefresh } from './use-idle-auto-refresh.ts'

export interface IdleAutoRefreshProps {
  /** Whether the list refreshes itself (the running applications); the switch shows only then. */
  active: boolean
  /** One refresh; a rejection stops the repetition for good. */
  refresh: () => Promise<unknown>
}

/**
 * B277: the "Auto refresh when idle" switch of a list and its timers. Kept mounted while the list
 * is, so a switch turned off stays off across tabs; a failed refresh stops it and says so.
 */
export function IdleAutoRefresh({ active, refresh }: IdleAutoRefreshProps) {
  const [on, setOn] = useState(true)
  const [stopped, setStopped] = useState(false)
  useIdleAutoRefresh(active && on && !stopped, refresh, () => setStopped(true))
  if (!active) return null
  return (
    <Group gap="xs">
      <Switch
        size="xs"
        label="Auto refresh when idle"
        checked={on && !stopped}
        onChange={(e) => {
          setOn(e.currentTarget.checked)
          setStopped(false)
        }}
      />
      {stopped && (
        <Text size="xs" c="red.8">
          Auto refresh stopped after a failed refresh.
        </Text>
      )}
    </Group>
  )
}
