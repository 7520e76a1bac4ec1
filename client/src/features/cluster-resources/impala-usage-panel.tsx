import { useMemo, type ReactNode } from 'react'
import { Group, Select, Stack, Text, Title } from '@mantine/core'
import {
  ALL_CLUSTERS,
  defaultSelectedGroupValues,
  formatBytes,
  formatCount,
  formatPercent,
  IMPALA_METRICS_SIZE,
  IMPALA_USAGE_MAX_WINDOW_DAYS,
  isActionAllowed,
  type CurrentUser,
} from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queriesPanel, queryPanel } from '../../components/panel-state/panel-status.ts'
import { KpiRow } from '../../kit/kpi-row.tsx'
import { useImpalaMetricsQuery, useImpalaStatsQuery } from './impala-api.ts'
import { ImpalaDaemons } from './impala-daemons.tsx'
import { ImpalaGroupUsage, impalaGroupOptions } from './impala-group-usage.tsx'
import { ImpalaQueries } from './impala-queries.tsx'
import {
  clusterKeys,
  groupByKeys,
  impalaInterval,
  impalaWindow,
  pageKeys,
  readImpalaView,
  sortKeys,
  valuesKeys,
  type ImpalaKeys,
} from './impala-usage-state.ts'

/** The last value of a series, or null. */
const lastValue = (points: readonly [number, number][] | undefined) => points?.at(-1)?.[1] ?? null

export interface ImpalaUsagePanelProps {
  user: CurrentUser
  /** The page's range (epoch ms) and the step of its interval choice. */
  range: { start: number; end: number }
  intervalMs: number
  /** This mode's keys of the address (those starting with 'impala'), and how to change them. */
  keys: Readonly<Record<string, string>>
  onImpala: (keys: ImpalaKeys) => void
  /** The page's application type switch, first in the title row. */
  appType: ReactNode
  /** The page's other title-row controls (range, interval, Refresh), after the Impala cluster. */
  controls: ReactNode
  /** The page's notices on the range. */
  notice?: ReactNode
}

/**
 * The Impala mode of /clusters/resources (02 §2 Impala, §7 Impala, B296): the Impala cluster, the
 * queries and memory of the range, usage per user or queue (the first 4 by default, B216), the
 * daemons' memory (Total and Allocated, B214) and the queries, each opening its details.
 */
export function ImpalaUsagePanel(props: ImpalaUsagePanelProps) {
  const { user } = props
  const impala = useMemo(() => readImpalaView(props.keys, user), [props.keys, user])
  const window = impalaWindow(props.range.start, props.range.end)
  const interval = impalaInterval(props.intervalMs, window.start, window.end)
  const range = { from: window.start, to: window.end }
  const exportAllowed = isActionAllowed(user.plan, 'chartExport')
  const base = { clusterUid: impala.cluster, start_time: String(window.start), end_time: String(window.end) }
  const stats = useImpalaStatsQuery(base)
  const metrics = useImpalaMetricsQuery({ ...base, interval, metricsSize: IMPALA_METRICS_SIZE, from: 0 })
  const options = useMemo(() => impalaGroupOptions(stats.data, impala.groupBy), [stats.data, impala.groupBy])
  const values = impala.values ?? defaultSelectedGroupValues(options.map((o) => o.value))
  const total = lastValue(metrics.data?.series[0]?.data)
  const allocated = lastValue(metrics.data?.series[1]?.data)

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h3">
          Cluster resources
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          {props.appType}
          <Select
            label="Impala cluster"
            w={220}
            data={[
              { value: ALL_CLUSTERS, label: 'All Impala clusters' },
              ...user.impalaclusters.map((c) => ({ value: c.unravelId, label: c.displayName })),
            ]}
            value={impala.cluster}
            allowDeselect={false}
            onChange={(id) => id && props.onImpala(clusterKeys(id))}
          />
          {props.controls}
        </Group>
      </Group>

      {props.notice}
      {window.cut && (
        <Text size="sm" c="dimmed" role="note">
          Impala usage shows the last {IMPALA_USAGE_MAX_WINDOW_DAYS} days of the range.
        </Text>
      )}

      <PanelState what="Impala figures" minHeight={70} {...queriesPanel([stats, metrics], false)}>
        <KpiRow
          label="Impala figures"
          kpis={[
            {
              label: 'Impala queries',
              value: formatCount(stats.data?.total ?? 0),
              note: 'started in the range',
            },
            {
              label: 'Users',
              value: formatCount(stats.data?.users.length ?? 0),
              note: `in ${formatCount(stats.data?.queues.length ?? 0)} queues`,
            },
            {
              label: 'Impala daemons',
              value: formatCount(metrics.data?.total ?? 0),
              note: 'one per worker host',
            },
            {
              label: 'Memory allocated',
              value: allocated === null ? '--' : formatBytes(allocated),
              note:
                allocated === null || !total
                  ? undefined
                  : `of ${formatBytes(total)} Total (${formatPercent((100 * allocated) / total, 1)}) at the end`,
            },
          ]}
        />
      </PanelState>

      <ImpalaGroupUsage
        cluster={impala.cluster}
        window={window}
        interval={interval}
        groupBy={impala.groupBy}
        options={options}
        values={values}
        optionsState={queryPanel(stats, false)}
        exportAllowed={exportAllowed}
        onGroupBy={(groupBy) => props.onImpala(groupByKeys(groupBy))}
        onValues={(next) => props.onImpala(valuesKeys(next))}
      />

      <ImpalaDaemons args={{ ...base, interval }} range={range} exportAllowed={exportAllowed} />

      <ImpalaQueries
        view={impala}
        window={window}
        onPage={(page) => props.onImpala(pageKeys(page))}
        onSort={(sort) => props.onImpala(sortKeys(sort))}
      />
    </Stack>
  )
}
