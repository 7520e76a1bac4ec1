import { budgetEndpoints } from '@costlens/shared'
import type { FastifyInstance } from 'fastify'
import {
  budgetDetails,
  createBudget,
  deleteBudget,
  emrBudgetCost,
  listBudgets,
  updateBudget,
} from '../../db/repositories/budgets.ts'
import { scopeOf, sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** Budgets (E168-E170): stored in SQLite, measured against the EMR clusters' daily cost. */
export default async function budgetRoutes(app: FastifyInstance) {
  const context = (request: Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(request)
    return { scope, source: emrBudgetCost(app.db, scope), now: app.clock.now() }
  }
  route(app, budgetEndpoints.list, (request) => {
    const { scope, source, now } = context(request)
    return listBudgets(app.db, scope, source, now)
  })
  route(app, budgetEndpoints.details, (request) => {
    const { scope, source, now } = context(request)
    return budgetDetails(app.db, request.params.id, scope, source, now)
  })
  route(app, budgetEndpoints.create, (request) =>
    createBudget(app.db, request.body, { ...context(request), username: sessionOf(request).username }),
  )
  route(app, budgetEndpoints.update, (request) =>
    updateBudget(app.db, request.params.id, request.body, context(request)),
  )
  route(app, budgetEndpoints.remove, (request) => {
    deleteBudget(app.db, request.params.id)
    return { id: request.params.id, deleted: true }
  })
}
