import {
  ChargebackParamsSchema,
  ChargebackQuerySchema,
  ChargebackResponseSchema,
  ChargebackTagsResponseSchema,
  DocumentedChargebackResponseSchema,
} from '../contracts/chargeback.ts'
import {
  DcbParamsSchema,
  DcbQuerySchema,
  DcbResourceStatQuerySchema,
  DcbResourceStatSchema,
  DcbResponseSchema,
} from '../contracts/databricks-cost.ts'
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

/** The real product's documented chargeback/cb/appt[/queue|/user] (REAL-API-NOTES §5). */
const documentedChargeback = (second?: 'queue' | 'user') =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/chargeback/cb/appt${second ? `/${second}` : ''}`,
    // No row of its own: E042's usage in the real product's documented form.
    specIds: ['E042'],
    tags,
    summary: `Yarn chargeback by application type${second ? ` and ${second}` : ''}, as the real product's reference documents it`,
    description:
      "Not in the spec: the real product's public REST reference (4.5.0.9+) documents this path; the usage of " +
      `search/cb/appt${second ? `/${second}` : ''} as a flat list. gte/lte (or from/to): YYYY-MM-DD or epoch, ` +
      'default the last 7 days.',
    querystring: ChargebackQuerySchema,
    response: DocumentedChargebackResponseSchema,
  })

export const DOCUMENTED_CHARGEBACK_CALLS = {
  appt: documentedChargeback(),
  queue: documentedChargeback('queue'),
  user: documentedChargeback('user'),
} as const

/** The chargeback calls per flavour and number of group keys, as the chargeback page asks for them. */
export const CHARGEBACK_CALLS = {
  cb: flavourCalls('cb'),
  icb: flavourCalls('icb'),
  pcb: flavourCalls('pcb'),
  bqcb: flavourCalls('bqcb'),
} as const

/** The Databricks chargeback (dcb, 02 §7; E047, E048, E050): job runs (kind db) or all-purpose clusters (spark). */
const databricks = { platforms: ['DB'] } as const
const DCB_DESCRIPTION =
  'kind db (default): the job runs that started in [from, to) (YYYY-MM-DD, a date `to` is the end of that day, or ' +
  'epoch seconds; default the last 7 days), each counted from its cost_final_at on (billing lag, as the runs ' +
  "list); kind spark: the all-purpose clusters' sessions that started in it (interactive and idle use; a run on " +
  'such a cluster is a job run). ms = DBUs × 100, vs = total cost (DBUs at list price + VMs) in USD × 100. Group ' +
  'keys realuser (userName, user), queue (workspace), clusterUid (cluster; a job cluster groups by its job), ' +
  'clusterType, tag:<key>. Filters queue, realuser, tags (key:value), at most 5 values each. Rows most cost first.'
const dcbSearch = (groupParams: '{group1}' | '{group1}/{group2}') =>
  defineEndpoint({
    method: 'GET',
    path: `/api/v1/search/dcb/${groupParams}`,
    specIds: ['E047'],
    tags,
    access: databricks,
    summary: `Databricks chargeback grouped by ${groupParams === '{group1}' ? 'one key' : 'two keys'}`,
    description: DCB_DESCRIPTION,
    params: DcbParamsSchema,
    querystring: DcbQuerySchema,
    response: DcbResponseSchema,
  })

/** The application chargeback (02 §7 Chargeback; E042, E043, E045, E046, E151) and dcb. */
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
  documentedByType: DOCUMENTED_CHARGEBACK_CALLS.appt,
  documentedByTypeAndQueue: DOCUMENTED_CHARGEBACK_CALLS.queue,
  documentedByTypeAndUser: DOCUMENTED_CHARGEBACK_CALLS.user,
  // Served beside search/dcb/{group1}, whose instance it is (G24): the users of one kind.
  dcbUserNames: {
    method: 'GET',
    path: '/api/v1/search/dcb/userName',
    specIds: ['E048'],
    tags,
    access: databricks,
    summary: 'Databricks chargeback by user (the console asks for kind spark and db and merges them)',
    description: DCB_DESCRIPTION,
    querystring: DcbQuerySchema,
    response: DcbResponseSchema,
  },
  dcbOneGroup: dcbSearch('{group1}'),
  dcbTwoGroups: dcbSearch('{group1}/{group2}'),
  dcbResourceStat: {
    method: 'GET',
    path: '/api/v1/search/dcb_resource_stat',
    specIds: ['E050'],
    pathIsOurs: true,
    tags,
    access: databricks,
    summary:
      'Databricks chargeback totals: the job runs (DBX_JOB_RUN) or cluster sessions (DBX_CLUSTER) of a window',
    description:
      'from/to as search/dcb. DBX_JOB_RUN: the job runs started in the window, final cost only; DBX_CLUSTER: the ' +
      "all-purpose clusters' sessions started in it. Their count, the distinct jobs or clusters, time, DBUs and USD.",
    querystring: DcbResourceStatQuerySchema,
    response: DcbResourceStatSchema,
  },
})
