import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { formatAppType, type HiveChild, type HiveVizJson } from '@costlens/shared'
import { appDetailsHref } from '../../components/app-details-href.ts'
import { CodeViewer } from '../../components/code-viewer/code-viewer.tsx'
import { PanelState } from '../../components/panel-state/panel-state.tsx'
import { queryPanel } from '../../components/panel-state/panel-status.ts'
import { StatusBadge } from '../../components/status/status-badge.tsx'
import type { DataColumn } from '../../components/table/table-types.ts'
import { columns as col } from '../../kit/columns.tsx'
import { DetailTable } from '../../kit/detail-table.tsx'
import { FieldGrid } from '../../kit/field-grid.tsx'
import { ReturnLink } from '../../kit/return-link.tsx'
import type { AppRef } from './app-ref.ts'
import { useHiveVizJsonQuery } from './query-api.ts'
import { treeOrder } from './query-tree.tsx'

type Stage = HiveVizJson['stages'][number]
type Operator = Stage['operators'][number]

/** What each stage type does, in the words of Hive's EXPLAIN. */
const STAGE_TYPES: Readonly<Record<Stage['type'], string>> = {
  MAPRED: 'MapReduce job',
  TEZ: 'Tez job',
  MOVE: 'Move the output into the table',
  STATS: 'Gather table statistics',
}

function childColumns(clusterUid: string): DataColumn<HiveChild>[] {
  return [
    col.link('id', 'Application', (c) => appDetailsHref({ kind: c.kind, id: c.id, clusterUid }), 280),
    { key: 'kind', title: 'Type', width: 110, value: (c) => formatAppType(c.kind) },
    { key: 'status', title: 'Status', width: 120, render: (c) => <StatusBadge code={c.status} /> },
    col.time('startTime', 'Start time'),
    col.duration('duration', 'Duration'),
  ]
}

/** 02 §7 viz_json: the HiveQL, the tables it reads and writes, and the MR or Tez jobs it ran as, each linked. */
export function HiveQueryTab({ app }: { app: AppRef }) {
  const result = useHiveVizJsonQuery({ id: app.id })
  const viz = result.data
  return (
    <PanelState what="Query" {...queryPanel(result, !viz)}>
      {viz && (
        <Stack gap="sm">
          <FieldGrid
            cols={4}
            fields={[
              { label: 'Query id', value: viz.queryId },
              { label: 'Execution engine', value: viz.executionEngine === 'tez' ? 'Tez' : 'MapReduce' },
              { label: 'Reads', value: viz.inputTables.join(', ') },
              { label: 'Writes', value: viz.outputTables.join(', ') || 'Nothing (a SELECT)' },
            ]}
          />
          <CodeViewer title={`HiveQL of ${app.id}`} code={viz.query} language="sql" />
          <DetailTable
            caption="Child jobs"
            columns={childColumns(app.clusterUid)}
            rows={viz.children}
            rowKey={(c) => c.id}
            emptyText="No MapReduce or Tez job was recorded for this query"
          />
        </Stack>
      )}
    </PanelState>
  )
}

const opId = (o: Operator) => o.operatorId
const opParent = (o: Operator) => o.parentId

/** A stage's operators in data-flow order, each under the one it reads from. */
function OperatorList({ operators }: { operators: readonly Operator[] }) {
  const ordered = treeOrder(operators, opId, opParent)
  if (!ordered.length) return null
  return (
    <List size="sm" listStyleType="none" aria-label="Operators" spacing={2}>
      {ordered.map(({ row, depth }) => (
        <List.Item key={row.operatorId} pl={depth * 16}>
          <Text span size="sm" ff="monospace">
            {depth > 0 ? '└ ' : ''}
            {row.operatorId}
          </Text>{' '}
          <Text span size="sm" fw={600}>
            {row.name}
          </Text>{' '}
          <Text span size="sm" c="dimmed">
            {row.detail}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}

function StageCard({ stage, clusterUid }: { stage: Stage; clusterUid: string }) {
  return (
    <Paper withBorder p="sm" component="article" aria-label={stage.stageId}>
      <Stack gap={6}>
        <Group gap="xs">
          <Title order={3} size="h5">
            {stage.stageId}
          </Title>
          <Badge variant="light" color={stage.type === 'TEZ' || stage.type === 'MAPRED' ? 'blue' : 'gray'}>
            {stage.type}
          </Badge>
          <Text size="sm" c="dimmed">
            {STAGE_TYPES[stage.type]}
            {stage.dependsOn.length ? ` · after ${stage.dependsOn.join(', ')}` : ' · runs first'}
          </Text>
          {stage.status && <StatusBadge code={stage.status} />}
        </Group>
        {stage.appId && (
          <Text size="sm">
            Ran as{' '}
            <ReturnLink
              to={appDetailsHref({ kind: stage.appKind ?? 'mr', id: stage.appId, clusterUid })}
              mono
            >
              {stage.appId}
            </ReturnLink>
          </Text>
        )}
        <OperatorList operators={stage.operators} />
      </Stack>
    </Paper>
  )
}

/** 02 §7 viz_json: the query's plan, stage by stage in dependency order, each with its operators. */
export function HivePlanTab({ app }: { app: AppRef }) {
  const result = useHiveVizJsonQuery({ id: app.id })
  const stages = result.data?.stages ?? []
  return (
    <PanelState what="Plan" {...queryPanel(result, !stages.length)} emptyText="No plan">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {stages.length} stages; each runs once the stages it follows have finished.
        </Text>
        {stages.map((s) => (
          <StageCard key={s.stageId} stage={s} clusterUid={app.clusterUid} />
        ))}
      </Stack>
    </PanelState>
  )
}
