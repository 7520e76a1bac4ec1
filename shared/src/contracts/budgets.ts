import { Type, type Static } from 'typebox'
import { BUDGET_PERIODS, BUDGET_STATUSES } from '../rules/status-maps.ts'
import { DEFAULT_BUDGET_THRESHOLD_PERCENT } from '../rules/budgets.ts'
import { MESSAGES } from '../messages.ts'
import { ERROR_MESSAGE_KEYWORD } from './common.ts'

/*
 * Budgets (E168-E170; 03 §2 Budgets). The spec shows no path, verb or field but the name and the
 * period (G01): the paths are ours, under /api/v1/budgets, and so are the other fields. One model
 * for two platforms (issue 20): a budget belongs to the platform of the user who made it (EMR or
 * Databricks), and the same calls answer each platform's users their own budgets only.
 */

/** The most budgets one install keeps: a list a person can still read. */
export const MAX_BUDGETS = 200
/** The most clusters a budget's scope names. */
export const MAX_BUDGET_CLUSTERS = 100
/** The most Databricks workspaces a budget's scope names. */
export const MAX_BUDGET_WORKSPACES = 100

/**
 * What a budget's amount is measured against: everything of its platform, some EMR clusters
 * (EMR only), some Databricks workspaces (Databricks only), or the usage carrying a tag.
 */
export const BUDGET_SCOPE_TYPES = ['all', 'clusters', 'workspaces', 'tag'] as const
export type BudgetScopeType = (typeof BUDGET_SCOPE_TYPES)[number]

const NameSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  // Not only spaces: the name is what tells budgets apart (B257).
  pattern: String.raw`\S`,
  description: 'unique per install, compared without case or surrounding spaces (B257)',
})

/** POST and PUT body: a budget as its form writes it. */
export const BudgetInputSchema = Type.Object(
  {
    name: NameSchema,
    amount: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1_000_000_000,
      description: 'USD a month, rounded to the cent',
      [ERROR_MESSAGE_KEYWORD]: MESSAGES.M077,
    }),
    period: Type.Optional(
      Type.Enum(BUDGET_PERIODS, { default: 'monthly', description: 'monthly only (B256)' }),
    ),
    scopeType: Type.Enum(BUDGET_SCOPE_TYPES, {
      description:
        "all: everything of the user's platform; clusters (EMR): those of clusterIds; workspaces (Databricks): " +
        'those named in workspaces; tag: the clusters (EMR) or the usage (Databricks) tagged tagKey:tagValue',
    }),
    clusterIds: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: MAX_BUDGET_CLUSTERS,
        uniqueItems: true,
      }),
    ),
    workspaces: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: MAX_BUDGET_WORKSPACES,
        uniqueItems: true,
        description: 'Databricks workspace names (scope workspaces)',
      }),
    ),
    tagKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    tagValue: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    thresholdPercent: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        default: DEFAULT_BUDGET_THRESHOLD_PERCENT,
        description: 'At Risk when the forecast to the month end passes this share of the amount',
      }),
    ),
  },
  { additionalProperties: false, title: 'BudgetInput' },
)
export type BudgetInput = Static<typeof BudgetInputSchema>

export const BudgetParamsSchema = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
)
export type BudgetParams = Static<typeof BudgetParamsSchema>

/** The platforms a budget can belong to: EMR clusters' cost, or Databricks usage. */
export const BUDGET_PLATFORMS = ['EMR', 'DB'] as const
export type BudgetPlatform = (typeof BUDGET_PLATFORMS)[number]

/** A stored budget and how its month stands now. */
export const BudgetSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    platform: Type.Enum(BUDGET_PLATFORMS, { description: 'the platform whose cost the budget reads' }),
    amount: Type.Number({ description: 'USD a month' }),
    period: Type.Enum(BUDGET_PERIODS),
    scopeType: Type.Enum(BUDGET_SCOPE_TYPES),
    clusterIds: Type.Array(Type.String()),
    workspaces: Type.Array(Type.String()),
    tagKey: Type.Union([Type.String(), Type.Null()]),
    tagValue: Type.Union([Type.String(), Type.Null()]),
    thresholdPercent: Type.Integer(),
    createdBy: Type.String(),
    createdAt: Type.Integer({ description: 'epoch ms' }),
    updatedAt: Type.Integer({ description: 'epoch ms' }),
    month: Type.String({ description: 'YYYY-MM (UTC): the month the figures below are of' }),
    spendToDate: Type.Number({ description: 'USD spent this month so far by the scope' }),
    forecast: Type.Number({
      description: "USD at the month's end: spend to date + the last 7 whole days' average × the days left",
    }),
    spentPercent: Type.Number({ description: 'spend to date as a percent of the amount' }),
    status: Type.Enum(BUDGET_STATUSES),
  },
  { title: 'Budget' },
)
export type Budget = Static<typeof BudgetSchema>

/** A tag key a budget's scope can name, with its values (the shape of a tag list, E008). */
const BudgetTagSchema = Type.Object({ key: Type.String(), values: Type.Array(Type.String()) })

/**
 * E168: every budget of the user's platform; `errors` names budgets whose scope no longer matches a
 * cluster or workspace; `choices`, what a new budget's scope can name on a Databricks install (its
 * workspaces and the tags its usage carries; empty on EMR, whose form searches clusters and tags).
 */
export const BudgetListSchema = Type.Object(
  {
    platform: Type.Enum(BUDGET_PLATFORMS),
    budgets: Type.Array(BudgetSchema),
    errors: Type.Array(Type.String()),
    limit: Type.Integer({ description: 'the most budgets a platform of an install keeps' }),
    choices: Type.Object({
      workspaces: Type.Array(Type.String()),
      tags: Type.Array(BudgetTagSchema),
    }),
  },
  { title: 'BudgetList' },
)
export type BudgetList = Static<typeof BudgetListSchema>

/**
 * 02 §3 Cost day row against the budget, with the day's split: EC2 / EMR / EBS for an EMR budget,
 * DBUs at their list price / cloud VMs for a Databricks one (the other platform's parts are 0).
 */
export const BudgetCostDayRowSchema = Type.Object(
  {
    date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
    cost: Type.Number({ description: 'USD' }),
    costChange: Type.Number({ description: 'USD against the day before' }),
    neglectedCost: Type.Number({ description: 'USD of clusters that did no useful work that day' }),
    budgetOverrunCost: Type.Number({ description: "USD of the day's cost above the budget line" }),
    cumulativeCost: Type.Number({ description: 'USD spent this month up to this day' }),
    ec2: Type.Number({ description: 'USD' }),
    emr: Type.Number({ description: 'USD' }),
    ebs: Type.Number({ description: 'USD' }),
    dbuCost: Type.Number({ description: 'USD: Databricks DBUs at their SKU list price' }),
    vmCost: Type.Number({ description: 'USD: the cloud VMs under Databricks compute' }),
  },
  { title: 'BudgetCostDayRow' },
)
export type BudgetCostDayRowBody = Static<typeof BudgetCostDayRowSchema>

/** E169: a budget, its month's cost day rows and the line they are held against. */
export const BudgetDetailsSchema = Type.Object(
  {
    budget: BudgetSchema,
    monthStart: Type.Integer({ description: 'epoch ms' }),
    monthEnd: Type.Integer({ description: 'epoch ms, exclusive' }),
    daysInMonth: Type.Integer(),
    rows: Type.Array(BudgetCostDayRowSchema),
  },
  { title: 'BudgetDetails' },
)
export type BudgetDetails = Static<typeof BudgetDetailsSchema>
