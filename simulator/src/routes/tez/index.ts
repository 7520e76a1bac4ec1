import { tezEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import {
  tezApp,
  tezDag,
  tezDagEvents,
  tezDagHours,
  tezDagInfo,
  tezDagList,
  tezDagVersion,
  tezVersion,
} from '../../db/repositories/engine-details.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The Tez details calls (02 §7, E114-E121), from `tezEndpoints`: each starts with the access check
 * of the details and answers from the app's derivation (details/tez.ts).
 */
export default async function tezRoutes(app: AppInstance) {
  const { db, clock } = app
  route(app, calls.app, (request) =>
    tezApp(db, scopeOf(request), request.params.cluster, request.params.app, clock.now()),
  )
  route(app, calls.version, (request) =>
    tezVersion(db, scopeOf(request), request.params.cluster, request.params.app),
  )
  route(app, calls.dagList, (request) =>
    tezDagList(db, scopeOf(request), request.params.cluster, request.params.app, clock.now()),
  )
  route(app, calls.dag, (request) => {
    const { cluster, app: id, dag } = request.params
    return tezDag(db, scopeOf(request), cluster, id, dag, clock.now())
  })
  route(app, calls.dagVersion, (request) => {
    const { cluster, app: id, dag } = request.params
    return tezDagVersion(db, scopeOf(request), cluster, id, dag, clock.now())
  })
  route(app, calls.dagHours, (request) => {
    const { cluster, app: id, id: dag } = request.params
    return tezDagHours(db, scopeOf(request), cluster, id, dag, clock.now())
  })
  route(app, calls.dagInfo, (request) =>
    tezDagInfo(db, scopeOf(request), request.query.app_id, request.query.dag_id, clock.now()),
  )
  route(app, calls.events, (request) =>
    tezDagEvents(db, scopeOf(request), request.params.cluster, request.params.dag, clock.now()),
  )
}
