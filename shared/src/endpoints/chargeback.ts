import {
  ChargebackParamsSchema,
  ChargebackQuerySchema,
  ChargebackResponseSchema,
  ChargebackTagsResponseSchema,
} from '../contracts/chargeback.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

const tags = ['chargeback'] as const

/** The application chargeback flavours (B146) by their search segment, with their engine and id. */
const FLAVOURS = {
  cb: { type: 'Yarn', specId: 'E042' },
  icb: { type: 'Impala', specId: 'E043' },
  pcb: { type: 'Presto', specId: 'E045' },
  bqcb: { type: 'BigQuery', specId: 'E046' },
} as const
export type AppChargebackFlavour = keyof typeof FLAVOURS

/** search/{flavour}/{group1}[/{group2}]: one or two group keys in the path. */
const chargebackSearch = (search: AppChargebackFlavour, groupParams: '{group1}' | '{group1}/{group2}') =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/search/${search}/${groupParams}`,
    specIds: [FLAVOURS[search].specId],
    tags,
    summary: `${FLAVOURS[search].type} chargeback: usage grouped by one or two of appt, user, queue${search === 'bqcb' ? ', tag:<key>' : ''}`,
    description:
      'Apps that started in [from, to) (YYYY-MM-DD or epoch seconds, default the last 7 days) on the ' +
      "user's clusters of the flavour, or clusterUid ('*' is all). Rows most vcore-seconds first.",
    params: ChargebackParamsSchema,
    querystring: ChargebackQuerySchema,
    response: ChargebackResponseSchema,
  })

const flavourCalls = (search: AppChargebackFlavour) =>
  ({
    oneGroup: chargebackSearch(search, '{group1}'),
    twoGroups: chargebackSearch(search, '{group1}/{group2}'),
  }) as const

/** The chargeback calls per flavour and number of group keys, as the chargeback page asks for them. */
export const CHARGEBACK_CALLS = {
  cb: flavourCalls('cb'),
  icb: flavourCalls('icb'),
  pcb: flavourCalls('pcb'),
  bqcb: flavourCalls('bqcb'),
} as const

/** The application chargeback (02 §7 Chargeback; E042, E043, E045, E046, E151). */
export const chargebackEndpoints = defineEndpoints({
  // Served beside search/cb/{group1}/{group2}, whose group1 it would otherwise be (G24).
  chargebackTags: {
    method: 'GET',
    path: '/api/v1/search/cb/tags',
    specIds: ['E151'],
    tags,
    summary: 'The application tag keys and values of a window, to group or filter a chargeback by',
    description: 'from/to as in search/cb (default the last 7 days). No tags on the free plan (C20).',
    querystring: ChargebackQuerySchema,
    response: ChargebackTagsResponseSchema,
  },
  cbOneGroup: CHARGEBACK_CALLS.cb.oneGroup,
  cbTwoGroups: CHARGEBACK_CALLS.cb.twoGroups,
  icbOneGroup: CHARGEBACK_CALLS.icb.oneGroup,
  icbTwoGroups: CHARGEBACK_CALLS.icb.twoGroups,
  pcbOneGroup: CHARGEBACK_CALLS.pcb.oneGroup,
  pcbTwoGroups: CHARGEBACK_CALLS.pcb.twoGroups,
  bqcbOneGroup: CHARGEBACK_CALLS.bqcb.oneGroup,
  bqcbTwoGroups: CHARGEBACK_CALLS.bqcb.twoGroups,
})
