import { Type } from 'typebox'
import { ErrorSchema, UpgradePlanResponseSchema } from '@costlens/shared'
import type { AppInstance } from '../../app.ts'
import { recordUpgradeRequest } from '../../db/repositories/users.ts'
import { sessionOf } from '../../plugins/auth.ts'

export default async function miscRoutes(app: AppInstance) {
  app.put(
    '/api/:ui/ui/upgrade-plan',
    {
      schema: {
        tags: ['plan'],
        summary: 'Ask for the paid plan (the freemium upgrade prompt); {ui} is kept as the spec writes it',
        params: Type.Object({ ui: Type.String({ maxLength: 40 }) }),
        response: { 200: UpgradePlanResponseSchema, 401: ErrorSchema },
        'x-spec-ids': ['E012'],
        // The contract suite runs it only with --allow-writes.
        'x-changes-state': true,
      },
    },
    async (request) => {
      const session = sessionOf(request)
      if (session.plan !== 'freemium')
        return { status: 'failure' as const, message: 'Your plan already includes every feature.' }
      recordUpgradeRequest(app.db, session.username, app.clock.now())
      return {
        status: 'success' as const,
        message: 'Upgrade request received. Our team will contact you within one business day.',
      }
    },
  )
}
