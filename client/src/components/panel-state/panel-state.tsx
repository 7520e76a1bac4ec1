import type { ReactNode } from 'react'
import { Alert, Button, Center, Group, Loader, LoadingOverlay, Paper, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { MESSAGES } from '@costlens/shared'
import { failureText, type PanelStatus } from './panel-status.ts'

export interface PanelFailureProps {
  /** What failed to load, as the title says it: '{what} could not be loaded'. */
  what: string
  error: unknown
  onRetry: () => void
  /** Smaller, for a filter group or a table row. */
  compact?: boolean
}

/** A failed load: what could not be loaded, the spec's message (01 §8) and a Retry that refetches. */
export function PanelFailure({ what, error, onRetry, compact = false }: PanelFailureProps) {
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      p={compact ? 'xs' : undefined}
      icon={<IconAlertTriangle size={compact ? 14 : 18} aria-hidden />}
      title={`${what} could not be loaded`}
    >
      <Group justify="space-between" gap="xs">
        <Text size={compact ? 'xs' : 'sm'}>{failureText(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  )
}

export interface PanelStateProps extends Omit<PanelFailureProps, 'compact'> {
  status: PanelStatus
  /** The panel itself, shown only when ready. */
  children?: ReactNode
  /** What an empty answer shows. Default 'No Data Available' (C14). */
  emptyText?: string
  /** Keeps the panel's height while it is not ready, so the page does not jump. */
  minHeight?: number
  compact?: boolean
}

/**
 * The one loading / empty / failed frame of every panel of the console (issue 15 #18): exactly
 * one of a spinner, the empty text, the failure with a retry, or the panel.
 */
export function PanelState({
  status,
  what,
  error,
  onRetry,
  children,
  emptyText = MESSAGES.M052,
  minHeight,
  compact = false,
}: PanelStateProps) {
  switch (status) {
    case 'loading':
      return (
        <Center mih={minHeight} py={compact ? 4 : 'md'}>
          <Loader size="sm" role="status" aria-label={`Loading ${what}`} />
        </Center>
      )
    case 'failed':
      return <PanelFailure what={what} error={error} onRetry={onRetry} compact={compact} />
    case 'empty':
      return (
        <Center mih={minHeight} py={compact ? 4 : 'md'}>
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        </Center>
      )
    case 'ready':
      return <>{children}</>
  }
}

export interface PanelProps {
  /** Names the panel while it is not ready (a ready chart shows its own title). */
  title: string
  state: { status: PanelStatus; error: unknown; onRetry: () => void }
  /** A new answer on its way over data already shown: the data stays, dimmed. */
  refreshing?: boolean
  emptyText?: string
  minHeight?: number
  children?: ReactNode
}

/**
 * A framed panel of a screen (a chart card, a KPI row): its content when ready, else its title
 * over the one loading, empty or failed state. Each panel has its own call, so one still loading
 * or failed does not hide the others.
 */
export function Panel({
  title,
  state,
  refreshing = false,
  emptyText,
  minHeight = 200,
  children,
}: PanelProps) {
  const ready = state.status === 'ready'
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      pos="relative"
      aria-label={ready ? undefined : title}
      component="section"
    >
      {ready ? (
        <>
          <LoadingOverlay visible={refreshing} zIndex={2} overlayProps={{ blur: 1 }} />
          {children}
        </>
      ) : (
        <>
          <Text fw={600} size="sm" pb="xs">
            {title}
          </Text>
          <PanelState what={title} emptyText={emptyText} minHeight={minHeight - 40} {...state} />
        </>
      )}
    </Paper>
  )
}
