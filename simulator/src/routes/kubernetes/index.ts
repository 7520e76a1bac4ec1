import { kubernetesEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { hourWindow } from '../../db/repositories/kubernetes-common.ts'
import { kubernetesTopx } from '../../db/repositories/kubernetes-topx.ts'
import { kubernetesUsageTrends } from '../../db/repositories/kubernetes-trends.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'
import { kubernetesAppsRoutes } from './apps.ts'

/**
 * The Kubernetes calls (issue 23; E178), from `kubernetesEndpoints`: the K8S platform's users, by
 * their entries' access.
 */
export default async function kubernetesRoutes(app: AppInstance) {
  const { db, clock } = app
  const plan = {
    plan: (request: { query: { startTime?: string; endTime?: string } }, now: number) => {
      const window = hourWindow(db, request.query, now)
      return { range: { start: window.start, end: window.end } }
    },
  }
  route(app, calls.topx, (request) => kubernetesTopx(db, scopeOf(request), request.query, clock.now()), plan)
  route(
    app,
    calls.usageTrends,
    (request) => kubernetesUsageTrends(db, scopeOf(request), request.query, clock.now()),
    plan,
  )
  await kubernetesAppsRoutes(app)
}
