import { kubernetesAppsEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { kubernetesAppDaily, kubernetesAppMetrics } from '../../db/repositories/kubernetes-apps.ts'
import { hourWindow } from '../../db/repositories/kubernetes-common.ts'
import { kubernetesLogs, logsWindow } from '../../db/repositories/kubernetes-logs.ts'
import { scopeOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/**
 * The app metrics and logs calls (R218, R219), from `kubernetesAppsEndpoints`: the K8S platform's
 * users, by their entries' access; registered by index.ts (autoload reads a folder's index only).
 */
export async function kubernetesAppsRoutes(app: AppInstance) {
  const { db, clock } = app
  // What the free plan's window limit looks at: the window each call reads.
  const plan = {
    plan: (request: { query: { startTime?: string; endTime?: string } }, now: number) => {
      const window = hourWindow(db, request.query, now)
      return { range: { start: window.start, end: window.end } }
    },
  }
  route(
    app,
    calls.appMetrics,
    (request) => kubernetesAppMetrics(db, scopeOf(request), request.query, clock.now()),
    plan,
  )
  route(
    app,
    calls.appDaily,
    (request) => kubernetesAppDaily(db, scopeOf(request), request.query, clock.now()),
    plan,
  )
  route(app, calls.logs, (request) => kubernetesLogs(db, scopeOf(request), request.query, clock.now()), {
    plan: (request, now) => ({ range: logsWindow(request.query, now) }),
  })
}
