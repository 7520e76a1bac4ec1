import type {
  AppDetailsSummary,
  HiveVizJson,
  ImpalaFragment,
  ImpalaOperator,
  QueryDetails,
} from '@costlens/shared'
import { failedSpark } from './app-details-test-data.ts'

/** The query engines' details as the simulator derives them for a few seeded queries (trimmed). */

const GB = 1024 ** 3
const MB = 1024 ** 2

export const impalaSummary: AppDetailsSummary = {
  ...failedSpark,
  id: '00000000000004d2:00c0ffee00000000',
  name: 'impala_report_41',
  kind: 'impala',
  status: 'S',
  statusLong: 'success',
  queue: 'root.analytics',
  cents: 12,
  duration: 8_200,
}

export const impalaQuery: QueryDetails = {
  id: impalaSummary.id,
  engine: 'impala',
  queryStringFull:
    'SELECT d.region, COUNT(*) AS n, SUM(f.amount) AS total_amount\nFROM sales.orders f\nJOIN ref.regions d ON d.id = f.region\nWHERE f.event_date >= days_sub(now(), 7)\nGROUP BY d.region\nORDER BY total_amount DESC',
  queue: 'root.analytics',
  queryMemLimit: 8 * GB,
  perHostMemEst: 3 * GB,
  perHostPeakMemUsage: 2 * GB,
  cpuTime: null,
  cumUserMem: null,
}

const fragment = (f: Partial<ImpalaFragment> & Pick<ImpalaFragment, 'id'>): ImpalaFragment => ({
  fullId: `00000000000004d2:00c0ffee0000000${f.id.slice(-1)}`,
  instances: 1,
  avgTime: 0,
  maxTime: 0,
  avgPeakMemory: 0,
  maxPeakMemory: 0,
  rowProduced: 0,
  realUser: 'analyst',
  impalaQueryId: impalaSummary.id,
  parentId: null,
  coordinatorFrag: false,
  status: 'S',
  ...f,
})

export const impalaFragments: ImpalaFragment[] = [
  fragment({
    id: 'F00',
    coordinatorFrag: true,
    avgTime: 7_380_000_000,
    maxTime: 7_380_000_000,
    avgPeakMemory: 24 * MB,
    maxPeakMemory: 24 * MB,
    rowProduced: 12,
  }),
  fragment({
    id: 'F01',
    instances: 8,
    avgTime: 4_512_345_678,
    maxTime: 6_560_000_000,
    avgPeakMemory: 1.5 * GB,
    maxPeakMemory: 1.75 * GB,
    rowProduced: 12_480,
    parentId: 'F00',
  }),
]

const operator = (o: Partial<ImpalaOperator> & Pick<ImpalaOperator, 'id' | 'type'>): ImpalaOperator => ({
  pageId: 'F01',
  fragId: 'F01',
  detail: '',
  parentId: null,
  instances: 8,
  avgTime: 1_000_000,
  maxTime: 2_000_000,
  avgPeakMemory: MB,
  maxPeakMemory: 2 * MB,
  rowProduced: 10,
  estNumRows: 12,
  estPeakMem: 2 * MB,
  io: 0,
  status: 'S',
  ...o,
})

/** SCAN → HASH JOIN ← EXCHANGE ← SCAN (F02), the join → AGGREGATE → EXCHANGE (F00) → AGGREGATE FINALIZE. */
export const impalaOperators: ImpalaOperator[] = [
  operator({
    id: '00',
    type: 'SCAN HDFS',
    detail: 'sales.orders',
    parentId: '01',
    avgTime: 2_100_000_000,
    maxTime: 3_280_500_000,
    maxPeakMemory: 1.25 * GB,
    rowProduced: 8_450_112,
    estNumRows: 9_000_000,
    io: 5 * GB,
  }),
  operator({ id: '01', type: 'HASH JOIN', detail: 'INNER JOIN, BROADCAST', parentId: '03' }),
  operator({ id: '02', type: 'EXCHANGE', detail: 'BROADCAST', parentId: '01' }),
  operator({ id: '03', type: 'AGGREGATE', detail: 'STREAMING', parentId: '05' }),
  operator({
    id: '04',
    type: 'SCAN HDFS',
    detail: 'ref.regions',
    fragId: 'F02',
    pageId: 'F02',
    parentId: '02',
    status: 'F',
  }),
  operator({
    id: '05',
    type: 'EXCHANGE',
    detail: 'UNPARTITIONED',
    fragId: 'F00',
    pageId: 'F00',
    parentId: '06',
    instances: 1,
  }),
  operator({ id: '06', type: 'AGGREGATE', detail: 'FINALIZE', fragId: 'F00', pageId: 'F00', instances: 1 }),
]

export const hiveSummary: AppDetailsSummary = {
  ...failedSpark,
  id: 'hive_20261122101500_4f1c2d3e',
  name: 'hive_query_88',
  kind: 'hive',
  status: 'S',
  statusLong: 'success',
  mrJobIds: [],
  tezJobIds: ['application_1717903340_000901', 'application_1717903340_000902'],
}

const hiveOps = (n: number, scan: string, out: string) => [
  { operatorId: `TS_${n}`, name: 'TableScan', detail: `alias: ${scan}`, parentId: null },
  { operatorId: `FIL_${n + 1}`, name: 'Filter', detail: 'predicate: (event_date >= x)', parentId: `TS_${n}` },
  { operatorId: `GBY_${n + 3}`, name: 'Group By', detail: 'keys: region', parentId: `FIL_${n + 1}` },
  { operatorId: `FS_${n + 5}`, name: 'File Output', detail: out, parentId: `GBY_${n + 3}` },
]

export const hiveViz: HiveVizJson = {
  queryId: hiveSummary.id,
  query:
    'INSERT OVERWRITE TABLE fin.ledger\nSELECT region, COUNT(*) AS n\nFROM sales.orders\nGROUP BY region',
  executionEngine: 'tez',
  inputTables: ['sales.orders'],
  outputTables: ['fin.ledger'],
  stages: [
    {
      stageId: 'Stage-1',
      type: 'TEZ',
      dependsOn: [],
      appId: 'application_1717903340_000901',
      appKind: 'tez',
      status: 'S',
      operators: hiveOps(0, 'sales.orders', 'tmp'),
    },
    {
      stageId: 'Stage-2',
      type: 'TEZ',
      dependsOn: ['Stage-1'],
      appId: 'application_1717903340_000902',
      appKind: 'tez',
      status: 'S',
      operators: hiveOps(10, 'stage_1_output', 'table: fin.ledger'),
    },
    {
      stageId: 'Stage-3',
      type: 'MOVE',
      dependsOn: ['Stage-2'],
      appId: null,
      appKind: null,
      status: null,
      operators: [],
    },
  ],
  children: [
    {
      id: 'application_1717903340_000901',
      kind: 'tez',
      status: 'S',
      startTime: 1795402260000,
      duration: 65_000,
    },
    {
      id: 'application_1717903340_000902',
      kind: 'mr',
      status: 'F',
      startTime: 1795402330000,
      duration: 125_000,
    },
  ],
}

export const prestoSummary: AppDetailsSummary = {
  ...failedSpark,
  id: '20261122_101500_00042_ab1cd',
  name: 'presto_adhoc_42',
  kind: 'presto',
  status: 'S',
  statusLong: 'success',
  queue: 'global.bi',
  clusterUid: 'cdh-presto-01',
  cents: 3,
  duration: 4_200,
  totalDfsBytesRead: 3 * GB,
}

export const prestoQuery: QueryDetails = {
  ...impalaQuery,
  id: prestoSummary.id,
  engine: 'presto',
  queue: 'global.bi',
  queryStringFull: 'SELECT f.channel, COUNT(*) AS n\nFROM hive.web.clicks f\nGROUP BY f.channel',
  queryMemLimit: null,
  perHostMemEst: null,
  perHostPeakMemUsage: null,
  cpuTime: 125_000,
  cumUserMem: 3 * GB,
}
