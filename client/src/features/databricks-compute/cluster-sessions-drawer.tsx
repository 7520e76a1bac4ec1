import { Drawer, Group, Stack, Table, Text } from '@mantine/core'
import { formatDateTime, type DatabricksClusterRecord } from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { useDatabricksClusterSessionsQuery } from './api.ts'
import { INSIGHT_TITLES, availabilityText, duration, usd, workersText } from './cluster-format.ts'

/**
 * An all-purpose cluster's configuration and its sessions in the list's window (the list's row
 * link): when it was up, how long it sat idle and what that cost, so the pattern behind an insight
 * shows on one screen.
 */
export function ClusterSessionsDrawer({
  row,
  window,
  onClose,
}: {
  row: DatabricksClusterRecord | null
  window: { start: number; end: number }
  onClose: () => void
}) {
  const sessions = useDatabricksClusterSessionsQuery(
    { clusterId: row?.clusterId ?? '', start_time: String(window.start), end_time: String(window.end) },
    { skip: !row },
  )
  const data = sessions.data
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={row ? `Sessions of ${row.name}` : ''}
    >
      <PanelState {...queryPanel(sessions, !data?.sessions.length)} what="The sessions">
        {data && (
          <Stack gap="sm">
            <Group gap="lg">
              <Text size="sm">Workspace: {data.workspace}</Text>
              <Text size="sm">Creator: {data.creator}</Text>
              <Text size="sm">
                {data.nodeType} · {workersText(data)} workers · {availabilityText(data.availability)}
              </Text>
              <Text size="sm">
                Auto-termination:{' '}
                {data.autoTerminationMinutes === 0 ? 'never' : `${data.autoTerminationMinutes} min`}
              </Text>
              <Text size="sm">Jobs set to run on it: {data.jobsConfigured}</Text>
            </Group>
            <Table striped aria-label="Sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Up</Table.Th>
                  <Table.Th>Idle</Table.Th>
                  <Table.Th>Cost (USD)</Table.Th>
                  <Table.Th>Idle cost (USD)</Table.Th>
                  <Table.Th>Insights</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sessions.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{formatDateTime(s.startTime)}</Table.Td>
                    <Table.Td>{s.user}</Table.Td>
                    <Table.Td>
                      {duration(s.duration)}
                      {s.finishedTime === null ? ' (running)' : ''}
                    </Table.Td>
                    <Table.Td>{duration(s.idleTime)}</Table.Td>
                    <Table.Td>{usd(s.total_cost)}</Table.Td>
                    <Table.Td>{usd(s.idleCost)}</Table.Td>
                    <Table.Td>{s.insights.map((i) => INSIGHT_TITLES[i]).join('; ') || '--'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </PanelState>
    </Drawer>
  )
}
