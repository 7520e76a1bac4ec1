import { Type, type Static } from 'typebox'
import { BIGQUERY_INSIGHT_KEYS } from './bigquery.ts'
import { WindowFields, WindowParams } from './bigquery-cost.ts'

/*
 * The BigQuery insights overview (03 §2 BIGQUERYV2 /osd_insights, R163): the insights costlens raised
 * on the jobs of a window, with how many jobs carry each, what those jobs cost and what fixing it
 * would save (shared/src/rules/bigquery-savings.ts, the rule the job details use, so a job's savings
 * add up to the overview's to the 1/10,000 of a cent). The spec shows no call for it (03 §7), so
 * costlens defines it (G01): GET /api/v1/bigquery/insights/overview.
 */

export const BigQueryInsightsOverviewQuerySchema = Type.Object(
  { ...WindowParams },
  { additionalProperties: false, title: 'BigQueryInsightsOverviewQuery' },
)
export type BigQueryInsightsOverviewQuery = Static<typeof BigQueryInsightsOverviewQuerySchema>

const Count = Type.Integer({ minimum: 0 })
const Cents = Type.Number({ minimum: 0, description: 'cents, 4 decimals' })

/** One insight over the window's jobs. */
export const BigQueryInsightSummarySchema = Type.Object(
  {
    key: Type.Enum(BIGQUERY_INSIGHT_KEYS, { description: 'the job list filter `insights` takes it' }),
    name: Type.String(),
    category: Type.String({ description: '03 §2 insight category code: RE, EF, AF, SE, NA' }),
    recommendation: Type.String(),
    jobCount: Count,
    cost: Cents,
    estimatedSaving: Type.Number({
      minimum: 0,
      description: "cents, 4 decimals: the sum of each job's saving for this insight, never above cost",
    }),
  },
  { additionalProperties: false, title: 'BigQueryInsightSummary' },
)
export type BigQueryInsightSummary = Static<typeof BigQueryInsightSummarySchema>

/**
 * GET insightsOverview: the window's jobs and cost, those with any insight and what fixing all of a
 * job's insights would save (each job's 1 − Π(1 − shareᵢ) of its cost, summed), and each insight
 * (a job with two insights counts under both; the insights' savings overlap, so they do not add up
 * to the total).
 */
export const BigQueryInsightsOverviewSchema = Type.Object(
  {
    ...WindowFields,
    jobCount: Count,
    cost: Cents,
    jobsWithInsights: Count,
    costWithInsights: Cents,
    estimatedSaving: Type.Number({
      minimum: 0,
      description: "cents, 4 decimals: every job's insights fixed together, never above costWithInsights",
    }),
    insights: Type.Array(BigQueryInsightSummarySchema, {
      description: 'every insight, the greatest saving first (then by key)',
    }),
  },
  { additionalProperties: false, title: 'BigQueryInsightsOverview' },
)
export type BigQueryInsightsOverview = Static<typeof BigQueryInsightsOverviewSchema>
