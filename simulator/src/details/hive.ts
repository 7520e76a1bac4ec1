import type { HiveChild, HiveVizJson } from '@costlens/shared'
import { appPrng, type DetailsRecord } from './record.ts'

/**
 * A Hive query's visualisation (02 §7, GET /hive/{id}/viz_json) derived from its record: its SQL
 * from the tables it reads and writes, and its plan as stages, one per job it ran. The jobs are the
 * child applications seeded for it (applications.parent_id), in start order; a query without
 * seeded children shows its num_jobs stages with no application behind them.
 */

const COLUMNS = ['region', 'product_id', 'customer_id', 'event_date', 'channel'] as const
const MEASURES = ['amount', 'quantity', 'duration_ms', 'bytes'] as const

export function deriveHiveViz(app: DetailsRecord, children: readonly HiveChild[]): HiveVizJson {
  const prng = appPrng(app, 'hive')
  const input = app.input_tables ?? 'default.events'
  const output = app.output_tables
  const key = prng.pick(COLUMNS)
  const measure = prng.pick(MEASURES)
  const days = prng.int(1, 30)
  const select =
    `SELECT ${key}, COUNT(*) AS n, SUM(${measure}) AS total_${measure}\n` +
    `FROM ${input}\n` +
    `WHERE event_date >= date_sub(current_date, ${days})\n` +
    `GROUP BY ${key}`
  const query = output ? `INSERT OVERWRITE TABLE ${output}\n${select}` : select
  const engine = children.some((c) => c.kind === 'tez') ? 'tez' : 'mr'
  const jobs: (HiveChild | null)[] = children.length
    ? [...children]
    : Array.from({ length: Math.max(1, app.num_jobs) }, () => null)
  const stages: HiveVizJson['stages'] = jobs.map((child, i) => {
    const n = i * 10
    const scan = i === 0 ? input : `stage_${i}_output`
    return {
      stageId: `Stage-${i + 1}`,
      type: child?.kind === 'tez' || (!child && engine === 'tez') ? 'TEZ' : 'MAPRED',
      dependsOn: i === 0 ? [] : [`Stage-${i}`],
      appId: child?.id ?? null,
      appKind: child?.kind ?? null,
      status: child?.status ?? null,
      operators: [
        { operatorId: `TS_${n}`, name: 'TableScan', detail: `alias: ${scan}`, parentId: null },
        {
          operatorId: `FIL_${n + 1}`,
          name: 'Filter',
          detail: `predicate: (event_date >= date_sub(current_date, ${days}))`,
          parentId: `TS_${n}`,
        },
        {
          operatorId: `SEL_${n + 2}`,
          name: 'Select',
          detail: `expressions: ${key}, ${measure}`,
          parentId: `FIL_${n + 1}`,
        },
        {
          operatorId: `GBY_${n + 3}`,
          name: 'Group By',
          detail: `keys: ${key}; aggregations: count(), sum(${measure})`,
          parentId: `SEL_${n + 2}`,
        },
        {
          operatorId: `RS_${n + 4}`,
          name: 'Reduce Output',
          detail: `key expressions: ${key}`,
          parentId: `GBY_${n + 3}`,
        },
        {
          operatorId: `FS_${n + 5}`,
          name: 'File Output',
          detail: i === jobs.length - 1 && output ? `table: ${output}` : 'tmp',
          parentId: `RS_${n + 4}`,
        },
      ],
    }
  })
  const last = stages[stages.length - 1]!.stageId
  if (output) {
    stages.push({
      stageId: `Stage-${stages.length + 1}`,
      type: 'MOVE',
      dependsOn: [last],
      appId: null,
      appKind: null,
      status: null,
      operators: [],
    })
    stages.push({
      stageId: `Stage-${stages.length + 1}`,
      type: 'STATS',
      dependsOn: [stages[stages.length - 1]!.stageId],
      appId: null,
      appKind: null,
      status: null,
      operators: [],
    })
  }
  return {
    queryId: app.id,
    query,
    executionEngine: engine,
    inputTables: [input],
    outputTables: output ? [output] : [],
    stages,
    children: [...children],
  }
}
