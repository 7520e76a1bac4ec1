import { Alert, Button, Group, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { MESSAGES } from '@costlens/shared'

/** The error text of a failed call: the 01 §8 message the base query made, else the generic one. */
export function errorText(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message ? message : MESSAGES.M017
}

/** A failed load with its reason and a retry, in place of data that would otherwise read as 'none'. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`${what} could not be loaded`}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  )
}
