import type {
  HiveChild,
  HiveVizJson,
  ImpalaFragment,
  ImpalaOperator,
  TezApp,
  TezDag,
  TezDagSummary,
  TezEvent,
  TezHourAggregation,
} from '@costlens/shared'
import { HttpError } from '../../errors.ts'
import { deriveHiveViz } from '../../details/hive.ts'
import { deriveImpala } from '../../details/impala.ts'
import type { DetailsRecord } from '../../details/record.ts'
import { recentDerivations } from '../../details/recent.ts'
import {
  appIdOfDag,
  deriveTez,
  tezEvents,
  tezHourAggregation,
  type TezDerivation,
} from '../../details/tez.ts'
import type { Db } from '../open-database.ts'
import type { AppRow } from '../seed/applications.ts'
import { cachedStatement } from '../statement-cache.ts'
import { readableApp } from './app-access.ts'
import { appsTimeShift } from './applications.ts'
import type { ClusterScope } from './scope.ts'

/**
 * The Hive, Tez and Impala details calls (02 §7; E078, E079, E113-E121): each reads the app through
 * the one access check of the details (readableApp: 404 not available, 403 forbidden), refuses an
 * app of another engine (400 naming its type), then answers from the derivation of its record
 * (details/hive.ts, tez.ts, impala.ts). Nothing is stored.
 */

const ENGINE_NAME: Readonly<Record<string, string>> = {
  hive: 'Hive query',
  tez: 'Tez application',
  impala: 'Impala query',
}

type EngineApp = AppRow & DetailsRecord

function readableOfKind(db: Db, scope: ClusterScope, kind: string, id: string, cluster?: string): EngineApp {
  const app = readableApp(db, scope, id, cluster)
  if (app.kind !== kind)
    throw new HttpError(400, `Application ${id} is a ${app.kind} application, not a ${ENGINE_NAME[kind]}.`)
  return app
}

/* ---------------------------------------------------------------- Tez */

/**
 * The Tez derivation of the last few apps asked for: a details page fetches the app, its DAG list, a
 * DAG, its hours and events together. The queue is in the key: a Yarn move changes the app view.
 */
const cachedTez = recentDerivations(
  deriveTez,
  (app: EngineApp) => `${app.id}|${app.status}|${app.queue}|${app.start_time}|${app.duration}`,
)

const tez = (db: Db, scope: ClusterScope, cluster: string, id: string, now: number): TezDerivation =>
  cachedTez(readableOfKind(db, scope, 'tez', id, cluster), now)

function oneDag(d: TezDerivation, app: string, dag: string): TezDag {
  if (d.dag.dagId !== dag) throw new HttpError(404, `Tez application ${app} has no DAG ${dag}.`)
  return d.dag
}

export const tezApp = (db: Db, scope: ClusterScope, cluster: string, id: string, now: number): TezApp =>
  tez(db, scope, cluster, id, now).app

export function tezVersion(db: Db, scope: ClusterScope, cluster: string, id: string): { tezVersion: string } {
  readableOfKind(db, scope, 'tez', id, cluster)
  return { tezVersion: 'v1' }
}

export const tezDag = (db: Db, scope: ClusterScope, cluster: string, id: string, dag: string, now: number) =>
  oneDag(tez(db, scope, cluster, id, now), id, dag)

export function tezDagVersion(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  dag: string,
  now: number,
): { dagVersion: string } {
  oneDag(tez(db, scope, cluster, id, now), id, dag)
  return { dagVersion: 'v1' }
}

export function tezDagHours(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  dag: string,
  now: number,
): TezHourAggregation {
  return tezHourAggregation(oneDag(tez(db, scope, cluster, id, now), id, dag), now)
}

export const tezDagList = (
  db: Db,
  scope: ClusterScope,
  cluster: string,
  id: string,
  now: number,
): TezDagSummary[] => tez(db, scope, cluster, id, now).app.dags

/** dag_info names the app and the DAG by query; the DAG must be that app's. */
export const tezDagInfo = (db: Db, scope: ClusterScope, appId: string, dag: string, now: number): TezDag =>
  oneDag(tez(db, scope, '*', appId, now), appId, dag)

/** The events call names only the DAG: its id names the app (dag_<ts>_<seq>_n ↔ application_<ts>_<seq>). */
export function tezDagEvents(
  db: Db,
  scope: ClusterScope,
  cluster: string,
  dag: string,
  now: number,
): TezEvent[] {
  const appId = appIdOfDag(dag)
  if (!appId) throw new HttpError(400, `${dag} is not a Tez DAG id.`)
  return tezEvents(oneDag(tez(db, scope, cluster, appId, now), appId, dag))
}

/* ---------------------------------------------------------------- Impala */

export const impalaFragments = (db: Db, scope: ClusterScope, id: string, now: number): ImpalaFragment[] =>
  deriveImpala(readableOfKind(db, scope, 'impala', id), now).fragments

export const impalaOperators = (db: Db, scope: ClusterScope, id: string, now: number): ImpalaOperator[] =>
  deriveImpala(readableOfKind(db, scope, 'impala', id), now).operators

/* ---------------------------------------------------------------- Hive */

/** The child jobs seeded for a Hive query, in start order, in the lists' time frame. */
export function hiveChildren(db: Db, id: string): HiveChild[] {
  const shift = appsTimeShift(db)
  const rows = cachedStatement(
    db,
    'SELECT id, kind, status, start_time, duration FROM applications WHERE parent_id = ? ORDER BY start_time, id',
  ).all(id) as { id: string; kind: string; status: string; start_time: number; duration: number }[]
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    startTime: r.start_time + shift,
    duration: r.duration,
  }))
}

export function hiveVizJson(db: Db, scope: ClusterScope, id: string): HiveVizJson {
  const app = readableOfKind(db, scope, 'hive', id)
  return deriveHiveViz(app, hiveChildren(db, app.id))
}
