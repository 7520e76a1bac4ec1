import { Type } from 'typebox'
import {
  BudgetDetailsSchema,
  BudgetInputSchema,
  BudgetListSchema,
  BudgetParamsSchema,
  BudgetSchema,
  MAX_BUDGETS,
} from '../contracts/budgets.ts'
import { defineEndpoint, defineEndpoints } from './endpoint.ts'

/*
 * Budgets (03 §2 Budgets; E168-E170). The spec shows the screens and the rules, no call (03 §7:
 * "Budget ... calls are not shown"), so the paths and verbs are ours (G01). The same calls serve the
 * EMR budgets (/cost/budget) and the Databricks ones (/cost_explorer/budgets, issue 20): a budget
 * belongs to the platform of the user who made it, and each platform's users read and change only
 * theirs (another platform's budget is a 404, as if it did not exist). Read-only admins read budgets
 * but may not change them.
 */
const readers = { platforms: ['EMR', 'DB'] } as const
const writers = { platforms: ['EMR', 'DB'], roles: ['admin', 'user'] } as const
const tags = ['budgets'] as const

const STANDING =
  "Each budget carries its month so far (UTC): spendToDate, the forecast to the month's end (spend to date + " +
  'the average daily cost of the 7 whole days before today × the days left) and its status: Exceeded when the ' +
  'spend is above the amount, At Risk when the forecast is above thresholdPercent of it, else Ok. An EMR budget ' +
  "reads the EMR clusters' daily cost (EC2 + EMR + EBS, as the EMR cost trends); a Databricks one the total cost " +
  'of the Databricks usage (DBUs at their SKU list price + the cloud VMs, each DBU once, a job run from its ' +
  'cost_final_at on: the Databricks cost trends in USD).'

const INPUT =
  'name unique among the budgets of your platform, compared without case or surrounding spaces (400 "Budget ' +
  'name already exists."); amount USD > 0 (400 "Value cannot be zero."); period monthly only; scopeType all, ' +
  'clusters (EMR: clusterIds, your EMR clusters, 1-100), workspaces (Databricks: workspace names, 1-100) or tag ' +
  '(tagKey, tagValue); thresholdPercent 1-100, default 80.'

export const budgetEndpoints = defineEndpoints({
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/budgets',
    specIds: ['E168'],
    pathIsOurs: true,
    tags,
    access: readers,
    summary: "Every budget of the user's platform with its spend to date, forecast and status",
    description:
      `${STANDING} errors: budgets whose clusters or workspaces no longer exist. choices: on Databricks, the ` +
      'workspaces and usage tags a budget can cover.',
    response: BudgetListSchema,
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/v1/budgets/{id}',
    specIds: ['E169'],
    pathIsOurs: true,
    tags,
    access: readers,
    summary: "A budget and this month's cost day rows against it",
    description:
      `${STANDING} rows: one per day of the month up to today: cost (USD: EC2 + EMR + EBS, or DBU cost + VM ` +
      'cost), costChange against ' +
      'the day before, neglectedCost, budgetOverrunCost (the part of the day’s cost above the amount, ' +
      'cumulatively) and cumulativeCost.',
    params: BudgetParamsSchema,
    response: BudgetDetailsSchema,
    errors: [404],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/budgets',
    specIds: ['E170'],
    pathIsOurs: true,
    tags,
    access: writers,
    summary: 'Creates a budget',
    description: `${INPUT} At most ${MAX_BUDGETS} budgets per platform of an install.`,
    body: BudgetInputSchema,
    response: BudgetSchema,
    changesState: true,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/budgets/{id}',
    specIds: ['E170'],
    pathIsOurs: true,
    tags,
    access: writers,
    summary: 'Changes a budget (every field, as the form sends it)',
    description: INPUT,
    params: BudgetParamsSchema,
    body: BudgetInputSchema,
    response: BudgetSchema,
    errors: [404],
    changesState: true,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/budgets/{id}',
    specIds: ['R100'],
    pathIsOurs: true,
    tags,
    access: writers,
    summary: 'Deletes a budget',
    params: BudgetParamsSchema,
    response: Type.Object({ id: Type.Integer(), deleted: Type.Boolean() }),
    errors: [404],
    changesState: true,
  }),
})
