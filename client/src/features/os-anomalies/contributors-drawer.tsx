import type { ReactNode } from 'react'
import { Alert as Notice, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import {
  COMPARE_TYPES,
  queryStringFromState,
  type Anomaly,
  type Contributors,
  type DateRange,
  type Detector,
} from '@costlens/shared'
import { jobListHref } from '../../kit/bigquery-job-list.ts'
import { ReturnLink } from '../../kit/return-link.tsx'
import type { AnomalyCalls } from './api.ts'
import { Confidence, GradeBadge, metricValue, utcHour } from './anomaly-format.tsx'

/*
 * The entities behind an anomaly (issue 23): its hour's queries or jobs grouped by the other
 * dimension (a warehouse's users, a project's principals), its top runs, and links to the platform's
 * own lists filtered to the hour and to each row.
 */

/** The platform's list of the hour's queries or jobs, narrowed to `filter` (its address keys). */
export function runListHref(
  platform: AnomalyCalls['platform'],
  range: DateRange,
  filter: Readonly<Record<string, string>>,
): string {
  if (platform === 'BIGQUERYV2') return jobListHref(range, filter)
  return `/query/list${queryStringFromState({
    tab: 'all',
    ...filter,
    startDate: new Date(range.start).toISOString(),
    endDate: new Date(range.end).toISOString(),
  })}`
}

/** A query's or job's details page. */
export function runHref(platform: AnomalyCalls['platform'], id: string): string {
  const route = platform === 'BIGQUERYV2' ? COMPARE_TYPES.job.detailRoute : COMPARE_TYPES.query.detailRoute
  return route.replace(':id', encodeURIComponent(id))
}

function ContributorTables({
  platform,
  data,
  detector,
}: {
  platform: AnomalyCalls['platform']
  data: Contributors
  detector: Detector
}) {
  const hour = { start: data.start, end: data.end }
  const value = (v: number) => metricValue(detector.unit, detector.decimals, v)
  const runs = platform === 'BIGQUERYV2' ? 'Jobs' : 'Queries'
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm">
          {data.entity}, {utcHour(data.start)}: <b>{value(data.value)}</b>
        </Text>
        <ReturnLink to={runListHref(platform, hour, data.listFilter)}>
          All {runs.toLowerCase()} of the hour
        </ReturnLink>
      </Group>
      <Title order={4}>Top {data.field.toLowerCase()}</Title>
      {data.contributors.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing ran in this hour.
        </Text>
      ) : (
        <Table aria-label={`Top ${data.field.toLowerCase()}`} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{data.field.slice(0, -1)}</Table.Th>
              <Table.Th ta="right">{detector.metricLabel}</Table.Th>
              <Table.Th ta="right">Share</Table.Th>
              <Table.Th ta="right">{runs}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.contributors.map((c) => (
              <Table.Tr key={c.name}>
                <Table.Td>
                  <ReturnLink to={runListHref(platform, hour, { ...data.listFilter, ...c.listFilter })}>
                    {c.name}
                  </ReturnLink>
                </Table.Td>
                <Table.Td ta="right">{value(c.value)}</Table.Td>
                <Table.Td ta="right">
                  {data.value > 0 ? `${Math.round((c.value / data.value) * 100)}%` : '–'}
                </Table.Td>
                <Table.Td ta="right">{c.count.toLocaleString('en-US')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data.runs.length > 0 && (
        <>
          <Title order={4}>Top {runs.toLowerCase()}</Title>
          <Table aria-label={`Top ${runs.toLowerCase()}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{runs.slice(0, -1).replace(/ie$/, 'y')}</Table.Th>
                <Table.Th>{platform === 'BIGQUERYV2' ? 'Principal' : 'User'}</Table.Th>
                <Table.Th ta="right">{detector.metricLabel}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.runs.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <ReturnLink to={runHref(platform, r.id)} mono>
                      {r.id}
                    </ReturnLink>
                  </Table.Td>
                  <Table.Td>{r.by}</Table.Td>
                  <Table.Td ta="right">{value(r.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  )
}

/** The drawer of one anomaly: its figures, then who and what made up its hour. */
export function ContributorsDrawer({
  calls,
  detector,
  anomaly,
  onClose,
}: {
  calls: AnomalyCalls
  detector: Detector
  anomaly: Anomaly | null
  onClose: () => void
}) {
  const query = calls.useContributors(
    anomaly
      ? {
          id: detector.id,
          start: anomaly.start,
          ...(detector.categoryField && { entity: anomaly.entityKey }),
        }
      : { id: detector.id, start: 0 },
    { skip: anomaly === null },
  )
  const value = (v: number) => metricValue(detector.unit, detector.decimals, v)
  let body: ReactNode = null
  if (anomaly) {
    body = (
      <Stack gap="md">
        <Group gap="lg">
          <Text size="sm">
            Actual <b>{value(anomaly.actual)}</b>, expected {value(anomaly.expected)} (band{' '}
            {value(anomaly.lower)} – {value(anomaly.upper)})
          </Text>
          <Group gap={6}>
            <Text size="sm">Grade</Text>
            <GradeBadge grade={anomaly.grade} />
          </Group>
          <Group gap={6}>
            <Text size="sm">Confidence</Text>
            <Confidence value={anomaly.confidence} />
          </Group>
        </Group>
        {query.isFetching && !query.data ? (
          <Loader size="sm" aria-label="Loading contributors" />
        ) : query.isError ? (
          <Notice color="red" role="alert">
            {(query.error as { message?: string }).message ?? 'The contributors could not be loaded.'}
          </Notice>
        ) : (
          query.data && <ContributorTables platform={calls.platform} data={query.data} detector={detector} />
        )}
      </Stack>
    )
  }
  return (
    <Drawer
      opened={anomaly !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={anomaly ? `Anomaly of ${anomaly.entity} at ${utcHour(anomaly.start)}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {body}
    </Drawer>
  )
}
