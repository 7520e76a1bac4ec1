import { awsAccountEndpoints } from '@costlens/shared'
import type { FastifyInstance } from 'fastify'
import {
  createAwsAccount,
  deleteAwsAccount,
  listAwsAccounts,
  updateAwsAccount,
} from '../../db/repositories/aws-accounts.ts'
import { sessionOf } from '../../plugins/auth.ts'
import { route } from '../route.ts'

/** AWS account settings (/manage/awsaccountsettings): EMR admins only; secrets never answered. */
export default async function awsAccountRoutes(app: FastifyInstance) {
  route(app, awsAccountEndpoints.list, () => listAwsAccounts(app.db))
  route(app, awsAccountEndpoints.create, (request) =>
    createAwsAccount(app.db, request.body, sessionOf(request).username, app.clock.now()),
  )
  route(app, awsAccountEndpoints.update, (request) =>
    updateAwsAccount(app.db, request.params.id, request.body, app.clock.now()),
  )
  route(app, awsAccountEndpoints.remove, (request) => {
    deleteAwsAccount(app.db, request.params.id)
    return { id: request.params.id, deleted: true }
  })
}
