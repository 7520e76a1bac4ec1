import { useState } from 'react'
import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { formatDateTime, type Fault } from '@costlens/shared'
import {
  useClearFaultsMutation,
  useGetClockQuery,
  useGetFaultsQuery,
  useRemoveFaultMutation,
  useResetDataMutation,
  useSetClockMutation,
} from './api.ts'
import { FaultForm } from './fault-form.tsx'
import type { ApiError } from '../../api/base-query.ts'

/** Why the controls are not there: off, another backend, or not an admin. */
function unavailableText(error: ApiError): string {
  if (error.status === 403) return 'Only admins can use the simulator controls.'
  if (error.status === 404)
    return 'The simulator controls are off (SIM_CONTROL=off), or this backend is not the costlens simulator.'
  return `The simulator controls could not be loaded: ${error.message}`
}

function FaultTable({ faults }: { faults: Fault[] }) {
  const [removeFault] = useRemoveFaultMutation()
  const [clearFaults, { isLoading: clearing }] = useClearFaultsMutation()
  if (faults.length === 0) return <Text c="dimmed">No faults: every request gets its real answer.</Text>
  return (
    <Stack gap="xs">
      <Table striped withTableBorder aria-label="Active faults">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Route</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Answer</Table.Th>
            <Table.Th>Delay</Table.Th>
            <Table.Th>Probability</Table.Th>
            <Table.Th>Hits</Table.Th>
            <Table.Th>Left</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {faults.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                <Code>{f.route}</Code>
              </Table.Td>
              <Table.Td>{f.method ?? 'any'}</Table.Td>
              <Table.Td>{f.status ?? 'real answer'}</Table.Td>
              <Table.Td>{f.delayMs ? `${f.delayMs} ms` : '–'}</Table.Td>
              <Table.Td>{f.probability ?? 1}</Table.Td>
              <Table.Td>{f.hits}</Table.Td>
              <Table.Td>{f.count === undefined ? 'until removed' : f.count - f.hits}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void removeFault(f.id)}
                  aria-label={`Remove the fault on ${f.route}`}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="light" color="red" onClick={() => void clearFaults()} loading={clearing}>
          Remove all faults
        </Button>
      </Group>
    </Stack>
  )
}

function ClockPanel() {
  const { data: clock } = useGetClockQuery()
  const [setClock, { isLoading, error }] = useSetClockMutation()
  const [instant, setInstant] = useState('')
  if (!clock) return <Loader role="status" size="sm" aria-label="Loading the clock" />
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text>
          Simulated now: <strong>{formatDateTime(clock.epochMs, 'utc')}</strong> UTC
        </Text>
        <Text fw={600}>{clock.frozen ? '(frozen)' : '(running)'}</Text>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Set the clock to"
          description="ISO date or epoch ms; the data moves with it"
          placeholder="2026-11-22T12:00:00Z"
          value={instant}
          onChange={(e) => setInstant(e.currentTarget.value)}
          w={280}
        />
        <Button
          disabled={!instant.trim()}
          loading={isLoading}
          onClick={() =>
            void setClock({ now: /^\d+$/.test(instant.trim()) ? Number(instant) : instant.trim() })
          }
        >
          Set clock
        </Button>
        <Button variant="light" onClick={() => void setClock({ frozen: !clock.frozen })}>
          {clock.frozen ? 'Thaw' : 'Freeze'}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {(error as ApiError).message}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Sessions expire by this clock: moving it more than two hours ahead signs everyone out.
      </Text>
    </Stack>
  )
}

function ResetPanel() {
  const [resetData, { data, isLoading }] = useResetDataMutation()
  return (
    <Group gap="sm">
      <Button onClick={() => void resetData()} loading={isLoading}>
        Reset to the seeded data
      </Button>
      {data && <Text size="sm">Reset done in {data.resetMs} ms; faults cleared.</Text>}
    </Group>
  )
}

/** /simulator: the simulator's fault, clock and reset controls (admin only; not a spec route). */
export default function SimControlPage() {
  const { data: faults, error, isLoading } = useGetFaultsQuery()
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Simulator controls
        </Title>
        <Text c="dimmed">
          Make the simulator fail or slow down on purpose, move its clock, or put its data back. These
          controls exist only in the costlens simulator.
        </Text>
      </Stack>
      {isLoading && <Loader role="status" aria-label="Loading the simulator controls" />}
      {error && (
        <Alert color="yellow" role="alert">
          {unavailableText(error as ApiError)}
        </Alert>
      )}
      {faults && (
        <>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Faults and latency
              </Title>
              <FaultForm />
              <FaultTable faults={faults} />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Clock
              </Title>
              <ClockPanel />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Data
              </Title>
              <ResetPanel />
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  )
}
