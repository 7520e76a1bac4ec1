import { hbaseEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { hbaseClusterMetrics } from '../../db/repositories/hbase-cluster-metrics.ts'
import { hbaseTableBasicInfo, hbaseTableMetrics } from '../../db/repositories/hbase.ts'
import {
  hbaseRegionMetrics,
  hbaseRegionServers,
  hbaseTableRegionInfo,
} from '../../db/repositories/hbase-regions.ts'
import { hbaseKpi, hbaseRegionOsMetrics, hbaseTableKpi } from '../../db/repositories/hbase-series.ts'
import { hbaseWindow } from '../../db/repositories/hbase-common.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** Every call but the cluster list reads a window, which the free plan limits to 7 days. */
const windowPlan = {
  plan: (request: { query: { start_time?: string; end_time?: string } }, now: number) => ({
    range: hbaseWindow(request.query, now),
  }),
}

/**
 * The HBase calls (02 §7 HBase; E064-E072), from `hbaseEndpoints`: Hadoop platforms with
 * hBaseEnabled on, by their entries' access.
 */
export default async function hbaseRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.clusterMetrics, (request) =>
    hbaseClusterMetrics(db, scopeOf(request), request.query, clock.now()),
  )
  route(
    app,
    calls.kpi,
    (request) => hbaseKpi(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.tableKpi,
    (request) => hbaseTableKpi(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.regionMetrics,
    (request) =>
      hbaseRegionMetrics(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.tableBasicInfo,
    (request) =>
      hbaseTableBasicInfo(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.tableRegionInfo,
    (request) =>
      hbaseTableRegionInfo(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.tableMetrics,
    (request) =>
      hbaseTableMetrics(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.regionServers,
    (request) =>
      hbaseRegionServers(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
  route(
    app,
    calls.regionOsMetrics,
    (request) =>
      hbaseRegionOsMetrics(db, scopeOf(request), request.params.clusterUid, request.query, clock.now()),
    windowPlan,
  )
}
