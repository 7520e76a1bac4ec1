import { Group, Select, Stack, Title } from '@mantine/core'
import { autoSelectFirst, hbaseHostName, HBASE_KPI_PREFIXES, type HbaseKpiPrefix } from '@costlens/shared'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { ChartGrid } from '../../kit/chart-panel.tsx'
import { useHbaseKpiQuery, useHbaseRegionOsMetricsQuery, useHbaseRegionServersQuery } from './api.ts'
import { seriesCharts } from './hbase-rules.ts'
import { chooseHost } from './hbase-state.ts'
import { FRESH, useRefreshed, type HbaseView } from './hbase-view.ts'

const FAMILY_LABELS: Readonly<Record<HbaseKpiPrefix, string>> = {
  regionserver: 'Region server',
  jvm: 'JVM',
  os: 'OS',
}
/** The region-server choice that stands for the whole cluster. */
const CLUSTER = '*'

/**
 * The metrics tab: the KPI series (G85 family) of the cluster or of one region server over the
 * range at the interval, then one region server's OS (CPU, disk, network): the chosen one, or the
 * first (B210).
 */
export function MetricsTab({ view }: { view: HbaseView }) {
  const { clusterUid, window, interval, prefix, host } = view
  const serversArgs = { clusterUid, ...window }
  const servers = useRefreshed(view.now, serversArgs, useHbaseRegionServersQuery(serversArgs, FRESH))
  const hosts = (servers.data ?? []).map((s) => s.host)
  const kpiArgs = { clusterUid, ...window, interval, prefix, ...(host && { host }) }
  const kpi = useRefreshed(view.now, kpiArgs, useHbaseKpiQuery(kpiArgs, FRESH))
  const osHost = autoSelectFirst(hosts, host)
  const osArgs = { clusterUid, ...window, interval, host: osHost ?? '' }
  const os = useRefreshed(
    view.now,
    osArgs,
    useHbaseRegionOsMetricsQuery(osArgs, { ...FRESH, skip: !osHost }),
    !osHost,
  )
  const subject = host ? hbaseHostName(host) : 'Cluster'
  const kpiCharts = seriesCharts(kpi.data, subject, view.range).map((s) => ({
    ...s,
    exportAllowed: view.exportAllowed,
  }))
  const osCharts = seriesCharts(os.data, osHost ? hbaseHostName(osHost) : '', view.range).map((s) => ({
    ...s,
    exportAllowed: view.exportAllowed,
  }))
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label="Region server"
          w={300}
          data={[
            { value: CLUSTER, label: 'Whole cluster' },
            ...hosts.map((h) => ({ value: h, label: hbaseHostName(h) })),
          ]}
          value={host || CLUSTER}
          allowDeselect={false}
          searchable
          onChange={(h) => h && view.change(chooseHost(h === CLUSTER ? '' : h))}
        />
        <Select
          label="Metric family"
          w={170}
          data={HBASE_KPI_PREFIXES.map((p) => ({ value: p, label: FAMILY_LABELS[p] }))}
          value={prefix}
          allowDeselect={false}
          onChange={(p) => p && view.change({ type: 'prefix', prefix: p as HbaseKpiPrefix })}
        />
      </Group>
      <section aria-label={`${FAMILY_LABELS[prefix]} metrics`}>
        <PanelState {...queryPanel(kpi, kpiCharts.length === 0)} what={`${subject} metrics`} minHeight={300}>
          <ChartGrid specs={kpiCharts} />
        </PanelState>
      </section>
      <section aria-labelledby="hbase-os-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="hbase-os-title">
            OS metrics{osHost ? ` of ${hbaseHostName(osHost)}` : ''}
          </Title>
          <PanelState
            {...queryPanel(os.isUninitialized ? servers : os, osCharts.length === 0)}
            what="OS metrics"
            emptyText={osHost ? undefined : 'No region server in this cluster.'}
            minHeight={300}
          >
            <ChartGrid specs={osCharts} />
          </PanelState>
        </Stack>
      </section>
    </Stack>
  )
}
