import { Type, type Static } from 'typebox'
import { DateParamInteger } from './dates.ts'

/*
 * The Databricks savings figures (issue 20; 03 §2 value dashboard ROI fields; E054
 * app_store/api/v1/realized-savings-summary), defined once for the home page and the insights pages:
 * - untappedSavings: the estimated saving of the insights (waste patterns) of the finished runs in
 *   the range whose job has no action marked done for that insight before the run started;
 * - realizedCostSavings: the same estimate for the runs that started after their job's action for
 *   that insight was marked done (the saving the action now earns).
 * Each run's estimate is simulator/src/details/databricks-insights.ts's, capped so the savings of one
 * run never exceed its cost; so neither figure, nor their sum, exceeds totalCost. USD.
 */
export const RealizedSavingsSummaryQuerySchema = Type.Object(
  {
    startTime: Type.Optional(
      DateParamInteger('ms', { description: 'epoch ms; default 30 days before endTime' }),
    ),
    endTime: Type.Optional(DateParamInteger('ms', { description: 'epoch ms; default now' })),
  },
  { additionalProperties: false, title: 'RealizedSavingsSummaryQuery' },
)
export type RealizedSavingsSummaryQuery = Static<typeof RealizedSavingsSummaryQuerySchema>

const Usd = (description: string) => Type.Number({ minimum: 0, description: `${description}, USD` })

export const RealizedSavingsSummarySchema = Type.Object(
  {
    startTime: Type.Integer({ description: 'epoch ms' }),
    endTime: Type.Integer({ description: 'epoch ms' }),
    currency: Type.Literal('USD'),
    totalCost: Usd('the total cost of the runs started in the range (cost trends USD)'),
    untappedSavings: Usd('estimated saving of the open insights'),
    realizedCostSavings: Usd('estimated saving earned by the actions marked done'),
    actionsOpen: Type.Integer({
      minimum: 0,
      description: 'job × insight pairs with untapped savings in the range',
    }),
    actionsDone: Type.Integer({ minimum: 0, description: 'job × insight pairs marked done' }),
  },
  { additionalProperties: false, title: 'RealizedSavingsSummary' },
)
export type RealizedSavingsSummary = Static<typeof RealizedSavingsSummarySchema>
