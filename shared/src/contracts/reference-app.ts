import { Type, type Static } from 'typebox'
import { LogTaskStatusesSchema } from './app-writes.ts'
import { AppAnalysisSchema, AppDetailsSummarySchema, DetailsAppIdSchema } from './app-details-common.ts'
import { DocumentedAppsSearchResponseSchema } from './apps.ts'
import { DateParamString } from './dates.ts'

/*
 * The real product's public REST reference (4.6, Applications tag): GET /common/app/{app_id}/… and
 * /common/app/details. The reference documents their parameters and, for the answers, only
 * ["string"]: each answers what its console twin answers (contracts/app-details-common.ts), and the
 * two that gather several twins answer them side by side here.
 */

/** The reference's {app_id} (nonBodyParameters app_id: a path string). */
export const ReferenceAppParamsSchema = Type.Object(
  { app_id: DetailsAppIdSchema },
  { additionalProperties: false, title: 'ReferenceAppParams' },
)
export type ReferenceAppParams = Static<typeof ReferenceAppParamsSchema>

/** The reference writes errors?apiMode=1 into the path: apiMode 1 is all it documents. */
export const ReferenceAppErrorsQuerySchema = Type.Object(
  {
    apiMode: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1,
        description: 'the reference sends 1 (the only mode it documents)',
      }),
    ),
  },
  { additionalProperties: false, title: 'ReferenceAppErrorsQuery' },
)

/** extendedsummary: "summary and recommendation of an application". */
export const ReferenceAppExtendedSummarySchema = Type.Object(
  {
    summary: AppDetailsSummarySchema,
    analysis: AppAnalysisSchema,
  },
  { title: 'ReferenceAppExtendedSummary' },
)
export type ReferenceAppExtendedSummary = Static<typeof ReferenceAppExtendedSummarySchema>

/** logs: whether the app's executor logs are loaded, and the loads asked for (newest first). */
export const ReferenceAppLogsSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.String(),
    logsLoaded: Type.Boolean({ description: "the seed's sensor loaded them, or a load task succeeded" }),
    tasks: LogTaskStatusesSchema,
  },
  { title: 'ReferenceAppLogs' },
)
export type ReferenceAppLogs = Static<typeof ReferenceAppLogsSchema>

/** The reference's appTypes and appStatus enums (nonBodyParameters), each a comma list here. */
export const REFERENCE_APP_TYPES = ['mr', 'hive', 'spark', 'impala', 'tez', 'cascading', 'pig'] as const
export const REFERENCE_APP_STATUSES = ['S', 'F', 'K', 'R', 'W', 'P', 'U'] as const
const commaListOf = (values: readonly string[]) => `^(?:${values.join('|')})(?:,(?:${values.join('|')}))*$`

/** One page of /common/app/details: 50 apps, the unified search's page of the same window and filters. */
export const REFERENCE_DETAILS_PAGE_SIZE = 50
/** The unified search reads at most 10,000 records (B097): 200 pages of 50. */
export const REFERENCE_DETAILS_MAX_PAGE = 200
/** A window of at most 31 days, 7 by default. */
export const REFERENCE_DETAILS_MAX_DAYS = 31

export const ReferenceAppDetailsQuerySchema = Type.Object(
  {
    from: Type.Optional(
      DateParamString('epoch-s-or-iso', {
        description: 'the first day, YYYY-MM-DD (UTC; an ISO time or epoch seconds also read)',
        examples: ['2026-11-15'],
      }),
    ),
    to: Type.Optional(
      DateParamString('epoch-s-or-iso', {
        description: 'the last day, YYYY-MM-DD, included whole (an ISO time or epoch seconds: that instant)',
        examples: ['2026-11-21'],
      }),
    ),
    appTypes: Type.Optional(
      Type.String({
        maxLength: 100,
        pattern: commaListOf(REFERENCE_APP_TYPES),
        description: `comma-separated: ${REFERENCE_APP_TYPES.join(', ')}`,
        examples: ['spark,hive'],
      }),
    ),
    appStatus: Type.Optional(
      Type.String({
        maxLength: 20,
        pattern: commaListOf(REFERENCE_APP_STATUSES),
        description:
          'comma-separated: S success, F failed, K killed, R running, W waiting, P pending, U unknown',
        examples: ['F,K'],
      }),
    ),
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: REFERENCE_DETAILS_MAX_PAGE,
        default: 1,
        description: `1-based; ${REFERENCE_DETAILS_PAGE_SIZE} apps a page`,
      }),
    ),
  },
  { additionalProperties: false, title: 'ReferenceAppDetailsQuery' },
)
export type ReferenceAppDetailsQuery = Static<typeof ReferenceAppDetailsQuerySchema>

export const ReferenceAppDetailsSchema = Type.Object(
  {
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1, description: 'apps a page (50)' }),
    startTime: Type.Integer({ description: 'epoch ms: the window read' }),
    endTime: Type.Integer({ description: 'epoch ms' }),
    metadata: DocumentedAppsSearchResponseSchema.properties.metadata,
    results: DocumentedAppsSearchResponseSchema.properties.results,
  },
  { title: 'ReferenceAppDetails' },
)
export type ReferenceAppDetails = Static<typeof ReferenceAppDetailsSchema>
