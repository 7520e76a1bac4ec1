import { useMemo, useState } from 'react'
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Text } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { SENSITIVITY_LABELS, type Anomaly, type Detector } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { ListPage } from '../../kit/list-page.tsx'
import type { AnomalyCalls } from './api.ts'
import { resultsQuery, type AnomaliesHandle } from './anomalies-state.ts'
import { AnomalyChart } from './anomaly-chart.tsx'
import { Confidence, DetectorStateBadge, GradeBadge, metricValue, utcHour } from './anomaly-format.tsx'
import { ContributorsDrawer } from './contributors-drawer.tsx'

function anomalyColumns(detector: Detector | undefined, show: (a: Anomaly) => void): DataColumn<Anomaly>[] {
  const value = (v: number) => (detector ? metricValue(detector.unit, detector.decimals, v) : String(v))
  return [
    { key: 'start', title: 'Hour (UTC)', width: 170, value: (a) => utcHour(a.start) },
    ...(detector?.categoryField
      ? [
          {
            key: 'entity',
            title: detector.categoryLabel ?? 'Entity',
            width: 220,
            sortable: false,
            ellipsis: true,
          },
        ]
      : []),
    { key: 'actual', title: 'Actual', width: 150, sortable: false, value: (a) => value(a.actual) },
    { key: 'expected', title: 'Expected', width: 150, sortable: false, value: (a) => value(a.expected) },
    {
      key: 'band',
      title: 'Expected band',
      width: 210,
      sortable: false,
      value: (a) => `${value(a.lower)} – ${value(a.upper)}`,
    },
    {
      key: 'grade',
      title: 'Grade',
      width: 100,
      value: (a) => a.grade,
      render: (a) => <GradeBadge grade={a.grade} />,
    },
    {
      key: 'confidence',
      title: 'Confidence',
      width: 110,
      sortable: false,
      value: (a) => a.confidence,
      render: (a) => <Confidence value={a.confidence} />,
    },
    {
      key: 'contributors',
      title: 'Behind it',
      width: 130,
      sortable: false,
      exportable: false,
      render: (a) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => show(a)}
          aria-label={`Contributors of ${a.entity} at ${utcHour(a.start)}`}
        >
          Contributors
        </Anchor>
      ),
    },
  ]
}

/**
 * One detector's results (OpenSearch's "Anomaly results"): each entity's series with its expected
 * band and the anomalies marked by grade, the anomalies' table (sorted by grade or time, paged by the
 * server) and, for any of them, the queries or jobs behind its hour.
 */
export function ResultsView({ calls, list, id }: { calls: AnomalyCalls; list: AnomaliesHandle; id: number }) {
  const request = resultsQuery(list.state, id)
  const result = calls.useResults(request)
  const [shown, setShown] = useState<Anomaly | null>(null)
  const data = result.data
  const detector = data?.detector
  const entity = list.state.filters.entity
  const range = useMemo(() => (data ? { from: data.range.from, to: data.range.to } : undefined), [data])
  const valueFormat = useMemo(
    () => (v: number) => (detector ? metricValue(detector.unit, detector.decimals, v) : String(v)),
    [detector],
  )
  const charted = (data?.entities ?? []).filter((e) => !entity || e.key === entity)
  return (
    <>
      <ListPage
        title={detector ? `Detector ${detector.name}` : 'Detector'}
        description={
          detector &&
          `${detector.metricLabel}${detector.categoryLabel ? ` by ${detector.categoryLabel.toLowerCase()}` : ', account-wide'}; ` +
            `interval 1 hour; sensitivity ${SENSITIVITY_LABELS[detector.sensitivity].toLowerCase()}. ${detector.description}`
        }
        caption="Anomalies"
        list={list}
        result={result}
        request={request}
        rows={(d) => d?.anomalies ?? []}
        total={(d) => d?.total ?? 0}
        columns={anomalyColumns(detector, setShown)}
        rowKey={(a) => `${a.entityKey}@${a.start}`}
        emptyText="No anomaly in this range: every hour stayed inside its expected band."
        pageSizes={[10, 25, 50, 100]}
        summary={(d) => d && `${d.total} anomalies in the range${entity ? ` for ${entity}` : ''}`}
      >
        <Group justify="space-between">
          <Group gap="sm">
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => list.change({ type: 'detector', detector: null }, { push: true })}
            >
              All detectors
            </Button>
            {detector && <DetectorStateBadge state={detector.state} />}
          </Group>
          {detector?.categoryField && (
            <Select
              label={detector.categoryLabel ?? 'Entity'}
              placeholder={`Every ${(detector.categoryLabel ?? 'entity').toLowerCase()}`}
              data={(data?.entities ?? []).map((e) => ({
                value: e.key,
                label: `${e.label} (${e.anomalyCount})`,
              }))}
              value={entity}
              onChange={(value) => list.change({ type: 'filters', filters: { entity: value } })}
              clearable
              w={320}
            />
          )}
        </Group>
        {data && range && detector && (
          <SimpleGrid cols={{ base: 1, lg: charted.length > 1 ? 2 : 1 }} spacing="sm">
            {charted.map((e) => (
              <Paper withBorder p="sm" key={e.key}>
                <AnomalyChart
                  entity={e}
                  unit={detector.unit}
                  valueFormat={valueFormat}
                  range={range}
                  height={charted.length > 1 ? 220 : 300}
                />
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {data && data.entities.length === 0 && (
          <Text size="sm" c="dimmed">
            Nothing ran in this range: the detector has no series to score.
          </Text>
        )}
      </ListPage>
      {detector && (
        <ContributorsDrawer
          calls={calls}
          detector={detector}
          anomaly={shown}
          onClose={() => setShown(null)}
        />
      )}
    </>
  )
}
