import { Type } from 'typebox'
import { UpgradePlanResponseSchema } from '../contracts/auth.ts'
import { defineEndpoints } from './endpoint.ts'

/** The freemium upgrade request (M020, M021; E012). */
export const miscEndpoints = defineEndpoints({
  upgradePlan: {
    method: 'PUT',
    path: '/api/{ui}/ui/upgrade-plan',
    specIds: ['E012'],
    tags: ['plan'],
    summary: 'Ask for the paid plan (the freemium upgrade prompt); {ui} is kept as the spec writes it',
    params: Type.Object({ ui: Type.String({ maxLength: 40 }) }),
    response: UpgradePlanResponseSchema,
    changesState: true,
  },
})
