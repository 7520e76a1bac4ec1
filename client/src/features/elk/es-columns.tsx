import type { EsIndexRow, EsNodeRow } from '@costlens/shared'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { chooseColumn, figure, ranked } from './column-parts.tsx'
import { HealthBadge, healthWords } from './elk-parts.tsx'
import { fmt, usedOf } from './elk-units.ts'

/*
 * The Elasticsearch tables' columns: every measure in its unit (in the cell, so headings stay
 * short), '--' where there is none. The name shows the row's charts. Columns rank 1 (always shown)
 * to 3 (first to give way on a narrow table, the kit's fitColumns).
 */

/** A node's roles as Elasticsearch abbreviates them, the elected master marked: 'master*, data'. */
export const nodeRoles = (n: Pick<EsNodeRow, 'roles' | 'master'>) =>
  n.roles.map((r) => (r === 'master' && n.master ? 'master*' : r)).join(', ') || '--'

/** The nodes of a cluster (every one at once), sorted and searched in the browser. */
export function nodeColumns(chosen: string, onChoose: (node: string) => void): DataColumn<EsNodeRow>[] {
  return [
    chooseColumn<EsNodeRow>('node', 'Node', chosen, onChoose, 170),
    ranked(1, { key: 'roles', title: 'Roles', width: 140, value: nodeRoles }),
    figure(1, 'heapPercent', 'Heap used', 100, fmt.percent),
    figure(1, 'cpuPercent', 'CPU', 80, fmt.percent),
    figure(2, 'load1m', 'Load (1m)', 90, fmt.load),
    {
      ...figure<EsNodeRow>(1, 'diskUsedPercent', 'Disk used', 250, fmt.percent),
      // Without a disk total the used share means nothing: '--'.
      render: (r) =>
        r.diskTotalBytes > 0
          ? `${fmt.percent(r.diskUsedPercent)} · ${usedOf(r.diskUsedBytes, r.diskTotalBytes)}`
          : fmt.percent(null),
    },
    figure(2, 'shards', 'Shards', 80, fmt.count),
    figure(2, 'docsCount', 'Documents', 120, fmt.count),
    figure(2, 'storeSizeBytes', 'Store', 100, fmt.bytes),
    figure(1, 'searchRatePerSec', 'Search rate', 130, fmt.perSec('queries')),
    figure(2, 'searchLatencyMs', 'Search latency', 130, fmt.ms),
    figure(1, 'indexingRatePerSec', 'Indexing rate', 130, fmt.perSec('docs')),
    figure(2, 'indexingLatencyMs', 'Indexing latency', 140, fmt.ms),
    {
      ...figure<EsNodeRow>(3, 'oldGcCount', 'Old GC', 150, fmt.count),
      render: (r) => `${fmt.count(r.oldGcCount)} · ${fmt.ms(r.oldGcTimeMs)}`,
    },
    {
      ...figure<EsNodeRow>(3, 'youngGcCount', 'Young GC', 160, fmt.count),
      render: (r) => `${fmt.count(r.youngGcCount)} · ${fmt.ms(r.youngGcTimeMs)}`,
    },
    figure(3, 'threadPoolRejections', 'Rejections', 110, fmt.count),
    ranked(3, col.text<EsNodeRow>('host', 'Host', 240)),
  ]
}

/** The indices of a cluster, sorted and searched in the browser (the API's first 500 by size). */
export function indexColumns(chosen: string, onChoose: (index: string) => void): DataColumn<EsIndexRow>[] {
  return [
    chooseColumn<EsIndexRow>('index', 'Index', chosen, onChoose, 240),
    ranked(1, {
      key: 'health',
      title: 'Health',
      width: 100,
      value: (r) => healthWords(r.health),
      render: (r) => <HealthBadge health={r.health} />,
    }),
    ranked(3, {
      key: 'status',
      title: 'Status',
      width: 80,
      value: (r) => (r.status === 'open' ? 'Open' : 'Closed'),
    }),
    figure(1, 'docsCount', 'Documents', 120, fmt.count),
    figure(1, 'storeSizeBytes', 'Size', 100, fmt.bytes),
    figure(3, 'primaryStoreSizeBytes', 'Primary size', 120, fmt.bytes),
    figure(1, 'primaryShards', 'Primaries', 90, fmt.count),
    figure(2, 'replicas', 'Replicas', 90, fmt.count),
    figure(1, 'unassignedShards', 'Unassigned', 110, fmt.count),
    figure(3, 'segmentsCount', 'Segments', 100, fmt.count),
    figure(1, 'searchRatePerSec', 'Search rate', 130, fmt.perSec('queries')),
    figure(2, 'searchLatencyMs', 'Search latency', 130, fmt.ms),
    figure(1, 'indexingRatePerSec', 'Indexing rate', 130, fmt.perSec('docs')),
    figure(2, 'indexingLatencyMs', 'Indexing latency', 140, fmt.ms),
    ranked(3, col.time<EsIndexRow>('createdTime', 'Created')),
  ]
}
