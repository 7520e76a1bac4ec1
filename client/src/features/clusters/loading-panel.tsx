import type { ReactNode } from 'react'
import { LoadingOverlay, Paper } from '@mantine/core'

/**
 * The framed panel of a cluster screen's chart, dimmed while its own answer loads: each chart has
 * its own call, so one still loading does not hide the others.
 */
export function LoadingPanel({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" radius="md" pos="relative">
      <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} />
      {children}
    </Paper>
  )
}
