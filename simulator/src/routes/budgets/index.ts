import { budgetEndpoints, type BudgetInput, type PlanCheckedSearch } from '@costlens/shared'
import type { FastifyInstance } from 'fastify'
import {
  budgetDetails,
  budgetPlatformOf,
  createBudget,
  databricksBudgetCost,
  deleteBudget,
  emrBudgetCost,
  listBudgets,
  updateBudget,
} from '../../db/repositories/budgets.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** The free plan has no tags (C20): a budget over a tag is refused to it (403), as a tag filter is. */
const tagScopePlan = (request: { body: BudgetInput }): PlanCheckedSearch => ({
  tags: request.body.scopeType === 'tag',
})

/**
 * Budgets (E168-E170): stored in SQLite, each of a platform and measured against its cost: the EMR
 * clusters' daily cost, or the Databricks usage's (the cost trends' figures, each platform's).
 */
export default async function budgetRoutes(app: FastifyInstance) {
  const context = (request: Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(request)
    const now = app.clock.now()
    const source =
      budgetPlatformOf(scope) === 'DB' ? databricksBudgetCost(app.db, now) : emrBudgetCost(app.db, scope)
    return { scope, source, now }
  }
  route(app, budgetEndpoints.list, (request) => {
    const { scope, source, now } = context(request)
    return listBudgets(app.db, scope, source, now)
  })
  route(app, budgetEndpoints.details, (request) => {
    const { scope, source, now } = context(request)
    return budgetDetails(app.db, request.params.id, scope, source, now)
  })
  route(
    app,
    budgetEndpoints.create,
    (request) =>
      createBudget(app.db, request.body, { ...context(request), username: sessionOf(request).username }),
    { plan: tagScopePlan },
  )
  route(
    app,
    budgetEndpoints.update,
    (request) => updateBudget(app.db, request.params.id, request.body, context(request)),
    { plan: tagScopePlan },
  )
  route(app, budgetEndpoints.remove, (request) => {
    deleteBudget(app.db, request.params.id, scopeOf(request))
    return { id: request.params.id, deleted: true }
  })
}
