import { miscEndpoints as calls } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { recordUpgradeRequest } from '../../db/repositories/users.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The freemium upgrade request (E012), from `miscEndpoints`. */
export default async function miscRoutes(app: AppInstance) {
  route(app, calls.upgradePlan, (request) => {
    const session = sessionOf(request)
    if (session.plan !== 'freemium')
      return { status: 'failure' as const, message: 'Your plan already includes every feature.' }
    recordUpgradeRequest(app.db, session.username, app.clock.now())
    return {
      status: 'success' as const,
      message: 'Upgrade request received. Our team will contact you within one business day.',
    }
  })
}
